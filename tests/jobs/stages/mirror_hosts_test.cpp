// --host-field end to end on a generated crawl, at 1-4 ranks and two split sizes: hosts/ holds
// exactly the rows a brute-force count over the crawl's true clusters gives (the planted
// mirrors, not the boilerplate-only hosts, not the widely copied page's), with the cache; the
// spellings of one internationalised host meet, and invalid hosts are counted by reason.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "jobs/methods/exact_job.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/crawl_corpus.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::CrawlPage;
using testing::part_lines;
using testing::stat;
using testing::world_rank;

constexpr std::size_t kClusterHostLimit = 100;  // the documented kMaxClusterHosts

// The rows of hosts/ by the definition (docs/outputs.md), counted document by document: pages
// with equal `key` form a cluster when there are two or more.
template <class Key>
std::vector<std::string> brute_force_rows(const std::vector<CrawlPage>& pages, Key key,
                                          double min_share) {
  std::map<std::string, std::uint64_t> docs;
  std::map<decltype(key(pages[0])), std::vector<const CrawlPage*>> clusters;
  for (const CrawlPage& p : pages) {
    if (!p.host.empty()) ++docs[p.host];
    clusters[key(p)].push_back(&p);
  }
  std::map<std::pair<std::string, std::string>, std::uint64_t> shared;  // doc's host, other
  for (const auto& [k, members] : clusters) {
    std::set<std::string> hosts;
    for (const CrawlPage* p : members) {
      if (!p->host.empty()) hosts.insert(p->host);
    }
    if (members.size() < 2 || hosts.size() > kClusterHostLimit) continue;
    for (const CrawlPage* p : members) {
      for (const std::string& other : hosts) {
        if (!p->host.empty() && other != p->host) ++shared[{p->host, other}];
      }
    }
  }
  std::vector<std::string> rows;
  for (const auto& [pair, count] : shared) {
    const auto& [x, y] = pair;
    const bool x_smaller = docs[x] < docs[y] || (docs[x] == docs[y] && x < y);
    const double share = static_cast<double>(count) / static_cast<double>(docs[x]);
    if (!x_smaller || share < min_share) continue;
    char line[512];
    std::snprintf(line, sizeof line, "%s\t%s\t%llu\t%llu\t%llu\t%.6f", x.c_str(), y.c_str(),
                  static_cast<unsigned long long>(count), static_cast<unsigned long long>(docs[x]),
                  static_cast<unsigned long long>(docs[y]), share);
    rows.push_back(line);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// The (host_a, host_b) of rows.
std::set<std::pair<std::string, std::string>> host_pairs(const std::vector<std::string>& rows) {
  std::set<std::pair<std::string, std::string>> pairs;
  for (const std::string& row : rows) {
    const auto f = testing::split_tabs(row);
    pairs.insert({f[0], f[1]});
  }
  return pairs;
}

class MirrorHosts : public ::testing::Test {
 protected:
  void SetUp() override {
    if (world_rank() == 0) {
      std::ofstream out(dir_ + "/crawl.jsonl");
      for (const CrawlPage& p : pages_) out << testing::crawl_json_line(p) << '\n';
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  void TearDown() override {
    MPI_Barrier(MPI_COMM_WORLD);
    if (world_rank() == 0) fs::remove_all(dir_);
  }

  template <class Options>
  Options options(const std::string& name, std::uint64_t split_bytes) const {
    Options o;
    o.inputs = {dir_ + "/crawl.jsonl"};
    o.output = dir_ + "/" + name;
    o.split_bytes = split_bytes;
    o.document.host_field = "meta.url";
    o.overwrite = true;
    return o;
  }

  // Rank 0: OUT's hosts/ and stats.json against the brute-force rows.
  void check(const std::string& out, const std::vector<std::string>& want) const {
    EXPECT_EQ(testing::sorted(part_lines(out, "hosts")), want) << out;
    std::set<std::string> hosts;
    std::uint64_t without = 0;
    for (const CrawlPage& p : pages_) {
      if (p.host.empty()) ++without;
      hosts.insert(p.host);
    }
    hosts.erase("");
    EXPECT_EQ(stat(out, "/hosts"), hosts.size()) << out;
    EXPECT_EQ(stat(out, "/docs_without_host"), without) << out;
    EXPECT_EQ(stat(out, "/mirror_pairs"), want.size()) << out;
    EXPECT_EQ(stat(out, "/host_skipped_clusters"), 1u) << out;
    std::ifstream page(out + "/report.html");
    const std::string html((std::istreambuf_iterator<char>(page)), {});
    for (const std::string& row : want) {
      const auto f = testing::split_tabs(row);
      EXPECT_NE(html.find("<td><code>" + f[0] + "</code></td><td><code>" + f[1]), std::string::npos)
          << row;
    }
  }

  const std::string dir_ = testing::shared_temp_dir();
  testing::CrawlTruth truth_;
  const std::vector<CrawlPage> pages_ = testing::generate_crawl(2026, truth_);
};

TEST_F(MirrorHosts, MinhashListsExactlyThePlantedMirrorsForAnySplitSize) {
  const std::vector<std::string> want = brute_force_rows(
      pages_, [](const CrawlPage& p) { return p.family; }, 0.5);
  if (world_rank() == 0) {
    const auto planted = std::set(truth_.mirrors.begin(), truth_.mirrors.end());
    EXPECT_EQ(host_pairs(want), planted);  // the generator plants what it says
  }
  for (const std::uint64_t split_bytes : {std::uint64_t{4096}, std::uint64_t{64} << 20}) {
    const std::string name = "minhash-" + std::to_string(split_bytes);
    MinhashOptions o = options<MinhashOptions>(name, split_bytes);
    o.threshold = 0.7;
    run_minhash(MPI_COMM_WORLD, o);
    if (world_rank() == 0) check(o.output, want);
  }
}

TEST_F(MirrorHosts, TheShareIsAThreshold) {
  MinhashOptions o = options<MinhashOptions>("all", 4096);
  o.threshold = 0.7;
  o.host_min_share = 0.25;
  run_minhash(MPI_COMM_WORLD, o);
  if (world_rank() != 0) return;
  const std::vector<std::string> want = brute_force_rows(
      pages_, [](const CrawlPage& p) { return p.family; }, 0.25);
  const auto got = host_pairs(want);
  for (const auto& [a, b] : truth_.below_share) EXPECT_TRUE(got.count({b, a}) + got.count({a, b}));
  EXPECT_EQ(testing::sorted(part_lines(o.output, "hosts")), want);
}

TEST_F(MirrorHosts, CachedSketchesKeepTheirHosts) {
  MinhashOptions o = options<MinhashOptions>("cached", 4096);
  o.threshold = 0.7;
  o.cache_dir = dir_ + "/cache";
  run_minhash(MPI_COMM_WORLD, o);
  run_minhash(MPI_COMM_WORLD, o);
  if (world_rank() != 0) return;
  EXPECT_GT(stat(o.output, "/splits_reused"), 0u);
  check(o.output, brute_force_rows(
                      pages_, [](const CrawlPage& p) { return p.family; }, 0.5));
}

TEST_F(MirrorHosts, ExactListsHostsOfIdenticalPages) {
  ExactOptions o = options<ExactOptions>("exact", 4096);
  run_exact(MPI_COMM_WORLD, o);
  if (world_rank() != 0) return;
  const std::vector<std::string> want = brute_force_rows(
      pages_, [](const CrawlPage& p) { return p.text; }, 0.5);
  EXPECT_EQ(want.size(), 3u);  // the verbatim mirrors: full, a of site2, half
  check(o.output, want);
}

// "bücher.de" written three ways (Unicode, upper case with a trailing dot, Punycode in capitals)
// is one host, "xn--bcher-kva.de", mirrored by mirror.example; "x..com", ".com" and a port of
// 20 digits are invalid hosts, counted by reason and used as none; at any split size.
TEST(MirrorHostNames, SpellingsMeetAndInvalidHostsAreCounted) {
  const std::string dir = testing::shared_temp_dir() + "/host-names";
  const char* spellings[] = {"https://bücher.de/", "http://WWW.BÜCHER.DE./",
                             "http://XN--BCHER-KVA.de/"};
  if (world_rank() == 0) {
    fs::create_directories(dir);
    std::ofstream out(dir + "/in.jsonl");
    const auto line = [&out](const std::string& url, const std::string& text) {
      out << "{\"url\": \"" << url << "\", \"text\": \"" << text << "\"}\n";
    };
    for (int page = 0; page < 3; ++page) {
      std::string text;
      for (int w = 0; w < 40; ++w)
        text += "p" + std::to_string(page) + "w" + std::to_string(w) + " ";
      line(spellings[page] + std::to_string(page), text);
      line("https://mirror.example/" + std::to_string(page), text);
    }
    for (const char* url : {"http://x..com/a", "http://.com/b",
                            "http://x.com:99999999999999999999/", "relative/page"}) {
      line(url, std::string("alone ") + url);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  for (const std::uint64_t split_bytes : {std::uint64_t{256}, std::uint64_t{64} << 20}) {
    MinhashOptions o;
    o.inputs = {dir + "/in.jsonl"};
    o.output = dir + "/out-" + std::to_string(split_bytes);
    o.split_bytes = split_bytes;
    o.document.host_field = "url";
    o.overwrite = true;
    run_minhash(MPI_COMM_WORLD, o);
    if (world_rank() != 0) continue;
    EXPECT_EQ(part_lines(o.output, "hosts"),
              std::vector<std::string>{"mirror.example\txn--bcher-kva.de\t3\t3\t3\t1.000000"});
    EXPECT_EQ(stat(o.output, "/hosts"), 2u);
    EXPECT_EQ(stat(o.output, "/docs_without_host"), 4u);
    EXPECT_EQ(stat(o.output, "/invalid_hosts/empty_label"), 2u);
    EXPECT_EQ(stat(o.output, "/invalid_hosts/bad_port"), 1u);
    EXPECT_EQ(stat(o.output, "/invalid_hosts/bad_punycode"), 0u);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (world_rank() == 0) fs::remove_all(dir);
}

}  // namespace
}  // namespace neardup
