// cluster_host_shares against a brute-force count over random clusters, and mirror_row's
// choice of the smaller host, share and threshold.
#include "core/hosts/host_pairs.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <utility>

namespace neardup {
namespace {

using SharedDocs = std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t>;

// For every ordered pair of distinct hosts (h, g): the documents of h whose cluster holds a
// document of g, counted document by document.
SharedDocs brute_force(const std::vector<std::vector<std::uint64_t>>& clusters,
                       std::size_t max_hosts) {
  SharedDocs shared;
  for (const auto& cluster : clusters) {
    std::set<std::uint64_t> hosts(cluster.begin(), cluster.end());
    hosts.erase(0);
    if (hosts.size() > max_hosts) continue;
    for (const std::uint64_t doc_host : cluster) {
      if (doc_host == 0) continue;
      for (const std::uint64_t other : hosts) {
        if (other != doc_host) ++shared[{doc_host, other}];
      }
    }
  }
  return shared;
}

TEST(ClusterHostShares, SumsToTheBruteForceCount) {
  std::mt19937_64 rng(7);
  const std::size_t max_hosts = 6;
  std::vector<std::vector<std::uint64_t>> clusters;
  for (int c = 0; c < 2000; ++c) {
    std::vector<std::uint64_t> cluster(2 + rng() % 12);
    const std::uint64_t spread = 1 + rng() % 10;
    for (std::uint64_t& h : cluster) h = rng() % (spread + 1) * 1000003;  // 0: no host
    clusters.push_back(cluster);
  }
  SharedDocs summed;
  std::size_t skipped = 0, want_skipped = 0;
  for (auto cluster : clusters) {
    std::set<std::uint64_t> hosts(cluster.begin(), cluster.end());
    hosts.erase(0);
    want_skipped += hosts.size() > max_hosts;
    std::vector<HostShare> out;
    if (!cluster_host_shares(cluster, max_hosts, out)) {
      ++skipped;
      EXPECT_TRUE(out.empty());
    }
    for (const HostShare& s : out) summed[{s.host, s.other}] += s.docs;
  }
  EXPECT_GT(want_skipped, 100u);
  EXPECT_EQ(skipped, want_skipped);
  const SharedDocs want = brute_force(clusters, max_hosts);
  EXPECT_GT(want.size(), 20u);
  EXPECT_EQ(summed, want);
}

TEST(ClusterHostShares, OneHostOrNoHostGivesNoPairs) {
  std::vector<std::uint64_t> same = {5, 5, 5}, none = {0, 0}, mixed = {0, 5, 0};
  std::vector<HostShare> out;
  EXPECT_TRUE(cluster_host_shares(same, 2, out));
  EXPECT_TRUE(cluster_host_shares(none, 2, out));
  EXPECT_TRUE(cluster_host_shares(mixed, 2, out));
  EXPECT_TRUE(out.empty());
  std::vector<std::uint64_t> two = {9, 5, 5, 0};
  EXPECT_TRUE(cluster_host_shares(two, 2, out));
  EXPECT_EQ(out, (std::vector<HostShare>{{5, 9, 2}, {9, 5, 1}}));
}

TEST(MirrorRow, MeasuresTheSmallerHost) {
  const HostTotal big{"big.example", 10}, small{"small.example", 4};
  const std::optional<MirrorRow> row = mirror_row(big, 3, small, 2, 0.5);
  ASSERT_TRUE(row);
  EXPECT_EQ(*row, (MirrorRow{"small.example", "big.example", 2, 4, 10, 0.5}));
  EXPECT_EQ(mirror_row(small, 2, big, 3, 0.5), row);
  EXPECT_EQ(mirror_row_line(*row), "small.example\tbig.example\t2\t4\t10\t0.500000\n");
  EXPECT_EQ(mirror_row(big, 9, small, 1, 0.5), std::nullopt);
}

TEST(MirrorRow, BreaksTiesByName) {
  const HostTotal b{"b.example", 4}, a{"a.example", 4};
  const std::optional<MirrorRow> row = mirror_row(b, 1, a, 3, 0.5);
  ASSERT_TRUE(row);
  EXPECT_EQ(row->host_a, "a.example");
  EXPECT_EQ(row->shared_docs, 3u);
  EXPECT_EQ(mirror_row(b, 4, a, 1, 0.5), std::nullopt);
}

TEST(MirrorRow, LinesParseBack) {
  const MirrorRow row{"a.example", "[::1]", 3, 4, 9, 0.75};
  EXPECT_EQ(parse_mirror_row_line(mirror_row_line(row)), row);
  EXPECT_EQ(parse_mirror_row_line("a\tb\t1\t2\t3"), std::nullopt);
  EXPECT_EQ(parse_mirror_row_line("a\tb\t1\tx\t3\t0.5"), std::nullopt);
  EXPECT_EQ(parse_mirror_row_line("a\tb\t1\t2\t3\t0.5z"), std::nullopt);
}

TEST(MirrorRow, MostSharedFirst) {
  const MirrorRow few{"a", "b", 2, 2, 2, 1.0}, many{"c", "d", 5, 10, 10, 0.5},
      many_higher{"e", "f", 5, 5, 10, 1.0}, many_higher_later{"g", "f", 5, 5, 10, 1.0};
  EXPECT_TRUE(more_shared(many, few));
  EXPECT_TRUE(more_shared(many_higher, many));
  EXPECT_TRUE(more_shared(many_higher, many_higher_later));
  EXPECT_FALSE(more_shared(few, many));
  EXPECT_FALSE(more_shared(many, many));
}

TEST(MirrorRow, NeverListsHostsSharingNothing) {
  EXPECT_EQ(mirror_row({"a", 1}, 0, {"b", 1}, 0, 0.0), std::nullopt);
}

}  // namespace
}  // namespace neardup
