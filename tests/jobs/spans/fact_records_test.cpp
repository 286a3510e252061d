// Fact records: the search's anchors and runs, gathered in any order as sorted runs, merge into
// one stream in fact_record_less order, and DocumentFacts gives them back a document at a time.
#include "jobs/spans/fact_records.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "jobs/checkpoint/stage_parts.hpp"
#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

std::string scratch(const std::string& name) {
  return (fs::temp_directory_path() / ("neardup_facts_" + name + "_" + std::to_string(::getpid()) +
                                       "_" + std::to_string(testing::world_rank())))
      .string();
}

using Kind = WindowFact::Kind;
using AnchorRuns = SortedRuns<TokenFact, decltype(by_place)>;

// Anchors on even tokens and runs on odd ones (some with two anchors at one token) of 300
// documents, in random order; each carries its place in its fact.
struct Findings {
  std::vector<TokenFact> anchors;
  std::vector<WindowRun> runs;
};

Findings random_findings() {
  std::mt19937 random(5);
  Findings f;
  for (DocId doc = 0; doc < 300; ++doc) {
    for (std::uint32_t token = 0; token < random() % 40; ++token) {
      const WindowFact fact{Kind::kCopy, doc, token};
      if (token % 2 == 0) {
        f.anchors.push_back({doc, token, fact});
      } else {
        f.runs.push_back({doc, token, token, 1 + token % 3, fact});
        if (token % 5 == 0) f.runs.push_back({doc, token + 1, token, 2, fact});
      }
    }
  }
  std::shuffle(f.anchors.begin(), f.anchors.end(), random);
  std::shuffle(f.runs.begin(), f.runs.end(), random);
  return f;
}

TEST(FactRecords, MergedInOrderAndReadADocumentAtATime) {
  const Findings f = random_findings();
  AnchorRuns anchor_runs(scratch("anchors"), 1000);  // many runs in the file
  WindowRuns window_runs(scratch("runs"), 1000);
  for (const TokenFact& a : f.anchors) anchor_runs.add(a);
  for (const WindowRun& r : f.runs) window_runs.add(r);
  const std::string path = scratch("part");
  StagePartWriter part(path, {"r", "facts", 0, 1}, sizeof(FactRecord), SyncOnCommit::kNo);
  std::vector<FactRecord> merged;
  {
    AnchorRuns::Reader anchors = anchor_runs.read(4096);
    WindowRuns::Reader windows = window_runs.read(4096);
    merge_facts(anchors, windows, [&](const FactRecord& r) {
      merged.push_back(r);
      part.write(r);
    });
  }
  ASSERT_EQ(merged.size(), f.anchors.size() + f.runs.size());
  EXPECT_TRUE(std::is_sorted(merged.begin(), merged.end(), fact_record_less));
  EXPECT_EQ(std::adjacent_find(merged.begin(), merged.end()), merged.end());

  // Read back: each document once, ascending, with exactly its anchors and runs.
  std::map<DocId, std::pair<std::size_t, std::size_t>> expected;  // anchors, runs
  for (const TokenFact& a : f.anchors) ++expected[a.doc].first;
  for (const WindowRun& r : f.runs) ++expected[r.doc].second;
  DocumentFacts facts(part.commit());
  std::vector<TokenFact> anchors;
  std::vector<WindowRun> windows;
  for (const auto& [doc, counts] : expected) {
    ASSERT_TRUE(facts.more());
    ASSERT_EQ(facts.next(anchors, windows), doc);
    EXPECT_EQ(anchors.size(), counts.first) << "document " << doc;
    EXPECT_EQ(windows.size(), counts.second) << "document " << doc;
    for (const TokenFact& a : anchors) {
      EXPECT_EQ(a.doc, doc);
      EXPECT_EQ(a.fact.equal_token, a.token);
    }
    for (const WindowRun& w : windows) EXPECT_EQ(w.doc, doc);
    EXPECT_TRUE(std::is_sorted(anchors.begin(), anchors.end(), by_place));
    EXPECT_TRUE(std::is_sorted(windows.begin(), windows.end(), fact_record_less));
  }
  EXPECT_FALSE(facts.more());
  fs::remove(path);
}

}  // namespace
}  // namespace neardup
