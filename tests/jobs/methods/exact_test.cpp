// The exact job against a plain hash map of each document's canonical text (or raw text) on a
// generated corpus with planted exact copies, case and punctuation variants and empty texts.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cctype>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "jobs/methods/exact_job.hpp"
#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

using testing::GeneratedDoc;
using testing::world_rank;

// The canonical text, written independently of core/text/tokenizer: lowercased runs of ASCII
// letters and digits and bytes >= 0x80, joined by single spaces.
std::string canonical(const std::string& text) {
  std::string out, word;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c >= 0x80) {
      word += static_cast<char>(std::tolower(c));
    } else if (!word.empty()) {
      out += (out.empty() ? "" : " ") + word;
      word.clear();
    }
  }
  if (!word.empty()) out += (out.empty() ? "" : " ") + word;
  return out;
}

// Documents: base texts, some copied exactly, some re-cased or re-punctuated, some with one
// word changed (not duplicates), and texts without any token.
std::vector<GeneratedDoc> planted_corpus() {
  std::mt19937_64 rng(77);
  const std::vector<std::string> words = {"alpha", "Beta",  "gamma", "delta", "epsilon", "zeta",
                                          "eta",   "theta", "iota",  "kappa", "lambda",  "mu"};
  std::vector<GeneratedDoc> docs;
  const auto add = [&](std::string text) {
    docs.push_back({"d" + std::to_string(docs.size()), std::move(text), 0});
  };
  for (int base = 0; base < 600; ++base) {
    std::string text;
    const int length = 5 + static_cast<int>(rng() % 40);
    for (int w = 0; w < length; ++w) text += (w ? " " : "") + words[rng() % words.size()];
    text += " n" + std::to_string(base);
    add(text);
    const int variant = static_cast<int>(rng() % 6);
    if (variant == 0) add(text);                    // exact copy
    if (variant == 1) add(text), add(text);         // two copies
    if (variant == 2) add("  " + text + "!!\r\n");  // punctuation and spacing
    if (variant == 3) {                             // case
      std::string upper = text;
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      add(upper);
    }
    if (variant == 4) add(text + " extra");  // not a duplicate
  }
  add("");
  add("...");
  add("");
  add("?!");
  std::shuffle(docs.begin(), docs.end(), rng);
  return docs;
}

// The expected clusters: ids grouped by key, groups of two or more, documents in input order.
std::set<std::vector<std::string>> expected_clusters(const std::vector<GeneratedDoc>& docs,
                                                     bool normalize) {
  std::map<std::string, std::vector<std::string>> groups;
  for (const GeneratedDoc& d : docs) {
    const std::string key = normalize ? canonical(d.text) : d.text;
    if (!key.empty()) groups[key].push_back(d.id);
  }
  std::set<std::vector<std::string>> clusters;
  for (auto& [key, ids] : groups) {
    if (ids.size() > 1) clusters.insert(ids);
  }
  return clusters;
}

// The clusters of an output: ids by cluster id, the cluster id (the kept document) first.
std::set<std::vector<std::string>> output_clusters(const std::string& out,
                                                   const std::vector<GeneratedDoc>& docs) {
  std::map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < docs.size(); ++i) position[docs[i].id] = i;
  std::map<std::string, std::vector<std::string>> by_cluster;
  for (const std::string& line : testing::part_lines(out, "clusters")) {
    const auto f = testing::split_tabs(line);
    by_cluster[f[1]].push_back(f[0]);
  }
  std::set<std::vector<std::string>> clusters;
  for (auto& [kept, ids] : by_cluster) {
    std::sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
      return position[a] < position[b];
    });
    EXPECT_EQ(ids.front(), kept) << "the first copy in input order is kept";
    clusters.insert(ids);
  }
  return clusters;
}

class ExactJob : public ::testing::TestWithParam<bool> {};

TEST_P(ExactJob, ClustersEqualAHashMapOfTheText) {
  const bool normalize = GetParam();
  const std::string dir = testing::shared_temp_dir();
  const std::vector<GeneratedDoc> docs = planted_corpus();
  testing::write_corpus(dir + "/in", docs, 3);
  ExactOptions options;
  options.inputs = {dir + "/in"};
  options.output = dir + "/out";
  options.normalize = normalize;
  options.write_pairs = true;
  options.write_deduped = true;
  options.split_bytes = 1 << 20;
  const JobSummary summary = run_exact(MPI_COMM_WORLD, options);
  const auto expected = expected_clusters(docs, normalize);
  std::size_t duplicates = 0;
  for (const auto& c : expected) duplicates += c.size() - 1;
  EXPECT_EQ(summary.docs_read, docs.size());
  EXPECT_EQ(summary.docs_removed, duplicates);
  EXPECT_EQ(summary.clusters, expected.size());
  if (world_rank() == 0) {
    EXPECT_GT(expected.size(), normalize ? 250u : 150u);
    EXPECT_EQ(output_clusters(dir + "/out", docs), expected);
    // Each removed copy is paired once with the kept copy, similarity 1.
    std::set<std::string> pairs;
    for (const auto& c : expected) {
      for (std::size_t i = 1; i < c.size(); ++i) pairs.insert(c[0] + "\t" + c[i] + "\t1.000000");
    }
    const std::vector<std::string> written = testing::part_lines(dir + "/out", "pairs");
    EXPECT_EQ(std::set<std::string>(written.begin(), written.end()), pairs);
    EXPECT_EQ(written.size(), pairs.size());
    EXPECT_EQ(testing::part_lines(dir + "/out", "deduped").size(), docs.size() - duplicates);
    std::filesystem::remove_all(dir);
  }
}

INSTANTIATE_TEST_SUITE_P(NormalizeOrRaw, ExactJob, ::testing::Bool(), [](const auto& param_info) {
  return param_info.param ? "normalize" : "raw";
});

}  // namespace
}  // namespace neardup
