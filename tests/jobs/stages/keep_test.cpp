// --keep at 1-4 ranks and two split sizes, against a choice made here: the families are cliques
// of the exact all-pairs Jaccard graph, so each is one cluster that keeps the document the rule
// names by the lengths and scores the generator wrote (ties and documents without a score
// included). Graphs that chain, where the rule also decides which documents are removed:
// greedy_test.cpp.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <set>

#include "jobs/methods/exact_job.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/brute_force.hpp"
#include "tests/support/corpus_generator.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::part_lines;
using testing::split_tabs;
using testing::world_rank;

// A generated record: its id, text and score field as written, and the score's value when it
// is a JSON number.
struct Record {
  std::string id;
  std::string text;
  std::string score_json;  // the member of "meta" written, e.g. `"score": 3`; "" for none
  std::optional<double> score;
};

std::string words(std::mt19937_64& rng, std::size_t n) {
  const auto vocabulary = testing::english_words();
  std::string text;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) text += ' ';
    text += vocabulary[rng() % vocabulary.size()];
  }
  return text;
}

// The score field of one record: small integers (many ties), fractions, huge values, and
// records without a number (missing, a string, null, an object).
void draw_score(std::mt19937_64& rng, Record& r) {
  switch (rng() % 10) {
    case 0:
      return;
    case 1:
      r.score_json = "\"score\": \"7\"";
      return;
    case 2:
      r.score_json = "\"score\": null";
      return;
    case 3:
      r.score_json = "\"score\": {\"value\": 9}";
      return;
    case 4:
      r.score_json = "\"score\": 1e400";
      r.score = std::numeric_limits<double>::infinity();
      return;
    case 5:
      r.score_json = "\"score\": -2.5e-1";
      r.score = -0.25;
      return;
    default: {
      const int value = static_cast<int>(rng() % 4);
      r.score_json = "\"score\": " + std::to_string(value);
      r.score = value;
    }
  }
}

// Families of near-identical records (a shared body, a varied ending, exact copies among
// them), singletons, shuffled; every family's members are far above 0.7 Jaccard of each other
// and unrelated to other families.
std::vector<Record> generate_records() {
  std::mt19937_64 rng(20261125);
  std::vector<Record> records;
  for (int family = 0; family < 70; ++family) {
    const std::string body = words(rng, 120 + rng() % 60);
    const std::size_t members = family < 10 ? 1 : 2 + rng() % 6;
    for (std::size_t m = 0; m < members; ++m) {
      Record r;
      r.text = m > 0 && rng() % 4 == 0 ? records.back().text : body + " " + words(rng, rng() % 8);
      draw_score(rng, r);
      records.push_back(std::move(r));
    }
  }
  std::shuffle(records.begin(), records.end(), rng);
  for (std::size_t i = 0; i < records.size(); ++i) records[i].id = "d" + std::to_string(i);
  return records;
}

void write_records(const std::string& path, const std::vector<Record>& records) {
  std::ofstream out(path);
  for (const Record& r : records) {
    out << "{\"id\": \"" << r.id << "\", \"meta\": {" << r.score_json << "}, \"text\": \"" << r.text
        << "\"}\n";
  }
}

// The components of the pairs at >= threshold, as the index of each record's component.
std::vector<std::size_t> true_components(const std::vector<Record>& records, double threshold) {
  std::vector<std::string> texts;
  for (const Record& r : records) texts.push_back(r.text);
  std::vector<std::size_t> parent(records.size());
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& p : testing::all_pairs_at_least(texts, ShingleSpec{}, threshold)) {
    parent[find(p.b)] = find(p.a);
  }
  std::vector<std::size_t> component(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) component[i] = find(i);
  return component;
}

// Whether record `a` is kept rather than `b` (a < b in input order) under `rule`, written out
// for this test: the value the rule prefers wins, a record without one loses, ties go first.
bool preferred(const std::string& rule, const Record& a, const Record& b) {
  std::optional<double> x, y;
  bool larger = true;
  if (rule == "longest" || rule == "shortest") {
    x = static_cast<double>(a.text.size());
    y = static_cast<double>(b.text.size());
    larger = rule == "longest";
  } else if (rule != "first") {
    x = a.score;
    y = b.score;
    larger = !rule.ends_with(":min");
  }
  if (x.has_value() != y.has_value()) return x.has_value();
  if (!x || *x == *y) return true;
  return larger ? *x > *y : *x < *y;
}

// The clusters/ rows the rule should give: "id<TAB>kept id<TAB>keep" for every member of a
// component of two or more.
std::vector<std::string> expected_rows(const std::vector<Record>& records,
                                       const std::vector<std::size_t>& component,
                                       const std::string& rule) {
  std::map<std::size_t, std::vector<std::size_t>> members;
  for (std::size_t i = 0; i < records.size(); ++i) members[component[i]].push_back(i);
  std::vector<std::string> rows;
  for (const auto& [root, list] : members) {
    if (list.size() < 2) continue;
    std::size_t kept = list[0];
    for (const std::size_t i : list) {
      if (!preferred(rule, records[kept], records[i])) kept = i;
    }
    for (const std::size_t i : list) {
      rows.push_back(records[i].id + "\t" + records[kept].id + "\t" + (i == kept ? "1" : "0"));
    }
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// OUT's clusters/ rows without their similarity column, which is checked here: 1 for a kept
// document, at least `threshold` for a removed one (empty when `threshold` is negative).
std::vector<std::string> cluster_rows(const std::string& out, double threshold) {
  std::vector<std::string> rows;
  for (const std::string& line : part_lines(out, "clusters")) {
    const auto f = split_tabs(line);
    EXPECT_EQ(f.size(), threshold < 0 && f[2] == "0" ? 3u : 4u) << line;
    if (f.size() == 4) {
      EXPECT_GE(std::stod(f[3]), f[2] == "1" ? 1.0 : threshold) << line;
    }
    rows.push_back(f[0] + "\t" + f[1] + "\t" + f[2]);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// removed/'s (id, kept) of every line, as clusters/ rows would give them.
std::set<std::pair<std::string, std::string>> removed_and_kept(const std::string& out) {
  std::set<std::pair<std::string, std::string>> got;
  for (const std::string& line : part_lines(out, "removed")) {
    const auto field = [&](const std::string& key) {
      const std::size_t at = line.find("\"" + key + "\": \"") + key.size() + 5;
      return line.substr(at, line.find('"', at) - at);
    };
    got.insert({field("id"), field("kept")});
  }
  return got;
}

class KeepRule : public ::testing::TestWithParam<const char*> {
 protected:
  template <class Options>
  Options options(const std::string& name, std::uint64_t split_bytes) const {
    Options o;
    o.inputs = {dir_ + "/in.jsonl"};
    o.output = dir_ + "/" + name;
    if constexpr (requires { o.threshold; }) o.threshold = 0.7;
    o.keep = GetParam();
    o.split_bytes = split_bytes;
    o.write_removed = true;
    o.overwrite = true;
    return o;
  }

  // Rank 0: OUT's clusters/ and removed/ keep what the rule says (transitive `components`
  // write no similarity for removed members).
  void check(const std::string& out, bool components) const {
    const std::vector<std::string> want = expected_rows(records_, component_, GetParam());
    ASSERT_GT(want.size(), 150u);
    EXPECT_EQ(cluster_rows(out, components ? -1.0 : 0.7), want) << out;
    std::set<std::pair<std::string, std::string>> removed;
    for (const std::string& row : want) {
      const auto f = split_tabs(row);
      if (f[2] == "0") removed.insert({f[0], f[1]});
    }
    EXPECT_EQ(removed_and_kept(out), removed) << out;
  }

  void SetUp() override {
    if (world_rank() == 0) write_records(dir_ + "/in.jsonl", records_);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  void TearDown() override {
    MPI_Barrier(MPI_COMM_WORLD);
    if (world_rank() == 0) fs::remove_all(dir_);
  }

  const std::string dir_ = testing::shared_temp_dir();
  const std::vector<Record> records_ = generate_records();
  const std::vector<std::size_t> component_ = true_components(records_, 0.7);
};

// Greedy (the default) and transitive clusters agree on cliques, for every rule.
TEST_P(KeepRule, MinhashKeepsWhatTheRuleSaysForAnySplitSize) {
  for (const ClusterRule clusters : {ClusterRule::kGreedy, ClusterRule::kComponents}) {
    for (const std::uint64_t split_bytes : {std::uint64_t{4096}, std::uint64_t{64} << 20}) {
      const std::string name =
          std::string("minhash-") + cluster_rule_name(clusters) + "-" + std::to_string(split_bytes);
      MinhashOptions o = options<MinhashOptions>(name, split_bytes);
      o.clusters = clusters;
      run_minhash(MPI_COMM_WORLD, o);
      if (world_rank() == 0) check(dir_ + "/" + name, clusters == ClusterRule::kComponents);
    }
  }
}

TEST_P(KeepRule, ExactKeepsWhatTheRuleSaysAmongCopies) {
  ExactOptions o = options<ExactOptions>("exact", 4096);
  run_exact(MPI_COMM_WORLD, o);
  if (world_rank() != 0) return;
  const std::vector<std::size_t> copies = true_components(records_, 1.0);
  const std::vector<std::string> want = expected_rows(records_, copies, GetParam());
  ASSERT_GT(want.size(), 20u);
  EXPECT_EQ(cluster_rows(o.output, 1.0), want);
}

INSTANTIATE_TEST_SUITE_P(Rules, KeepRule,
                         ::testing::Values("first", "longest", "shortest", "field:meta.score",
                                           "field:meta.score:max", "field:meta.score:min"),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           for (char& c : name) {
                             if (c == ':' || c == '.') c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace neardup
