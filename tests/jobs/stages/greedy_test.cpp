// Greedy clustering (--clusters greedy, the default) end to end at 1-4 ranks, 4 KiB and 64 MiB
// splits and every --keep rule, over a corpus whose near-duplicate graph chains (documents each
// just above t with the next, template groups sharing 40-70% of their text, a family of 2,000
// near-identical documents, quoted mail threads): clusters/ and removed/ equal the oracle, a
// single-process greedy walk in keep order over the exact all-pairs Jaccard graph, once the
// test has checked that every true pair is a candidate (LSH bands and the sketch filter
// computed here). simhash and exact follow the same rule over their own candidates, and
// --clusters components gives the transitive components.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "core/graph/union_find.hpp"
#include "core/lsh/band_keys.hpp"
#include "core/lsh/lsh_params.hpp"
#include "core/sketch/minhash.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "jobs/methods/exact_job.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/methods/simhash_job.hpp"
#include "jobs/stages/sketchers.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/brute_force.hpp"
#include "tests/support/chain_corpus.hpp"
#include "tests/support/greedy_oracle.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::OracleDecision;
using testing::part_lines;
using testing::split_tabs;
using testing::TruePair;
using testing::world_rank;

constexpr double kThreshold = 0.8;

// A document of the corpus with its keep score: small integers (ties), fractions, none.
struct Doc {
  testing::GeneratedDoc generated;
  std::optional<double> score;
};

// The chain corpus, with an exact copy of every 20th document (the same words in upper case
// every other time: equal canonical tokens) just after it, and 250 copies of one at the end.
std::vector<Doc> make_corpus() {
  testing::ChainSpec spec;
  spec.threshold = kThreshold;
  spec.big_family_size = 2000;
  std::vector<Doc> docs;
  std::size_t i = 0;
  for (testing::GeneratedDoc& d : testing::generate_chain_corpus(spec)) {
    const std::size_t draw = (i * 2654435761u) % 7;
    std::optional<double> score;
    if (draw < 4) score = static_cast<double>(draw);
    if (draw == 4) score = -0.5;
    docs.push_back({d, score});
    if (i++ % 20 == 0) {
      testing::GeneratedDoc copy = d;
      copy.id += "-copy";
      if (i % 40 == 1) {
        for (char& c : copy.text)
          c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      }
      docs.push_back({copy, draw == 5 ? std::optional(7.0) : score});
    }
  }
  // A document copied 250 times, more than --max-bucket: one LSH bucket, one fingerprint run.
  for (int copy = 0; copy < 250; ++copy) {
    testing::GeneratedDoc d = docs[docs.size() / 2].generated;
    d.id += "-many-" + std::to_string(copy);
    docs.push_back({d, std::optional(static_cast<double>(copy % 3))});
  }
  return docs;
}

// The corpus as JSON Lines records with "meta": {"score": ...} (absent for documents without).
void write_docs(const std::string& path, const std::vector<Doc>& docs) {
  std::ofstream out(path, std::ios::binary);
  for (const Doc& d : docs) {
    std::string line = testing::to_json_line(d.generated);
    if (d.score) {
      char meta[64];
      std::snprintf(meta, sizeof meta, "\"meta\": {\"score\": %g}, ", *d.score);
      line.insert(1, meta);
    }
    out << line << "\n";
  }
}

// Whether `rule` decides document a before b (input order breaks ties), written out here.
bool decided_before(const std::string& rule, const std::vector<Doc>& docs, std::size_t a,
                    std::size_t b) {
  std::optional<double> x, y;
  bool larger = true;
  if (rule == "longest" || rule == "shortest") {
    x = static_cast<double>(docs[a].generated.text.size());
    y = static_cast<double>(docs[b].generated.text.size());
    larger = rule == "longest";
  } else if (rule != "first") {
    x = docs[a].score;
    y = docs[b].score;
    larger = !rule.ends_with(":min");
  }
  if (x.has_value() != y.has_value()) return x.has_value();
  if (x && *x != *y) return larger ? *x > *y : *x < *y;
  return a < b;
}

std::vector<std::size_t> keep_order(const std::string& rule, const std::vector<Doc>& docs) {
  std::vector<std::size_t> order(docs.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return decided_before(rule, docs, a, b); });
  return order;
}

// The true pairs a candidate search proposes: `candidate(a, b)`.
template <class Candidate>
std::vector<TruePair> proposed(const std::vector<TruePair>& truth, Candidate candidate) {
  std::vector<TruePair> out;
  for (const TruePair& p : truth) {
    if (candidate(p.a, p.b)) out.push_back(p);
  }
  return out;
}

// Whether minhash (the flags of `o`, at kThreshold) proposes each pair: a shared band key and
// signatures agreeing as the sketch filter asks, from sketches made here.
class MinhashCandidates {
 public:
  MinhashCandidates(const std::vector<Doc>& docs, const MinhashOptions& o) {
    MinhashSketcher sketcher(o.num_perm, o.seed, o.document.shingle, o.document.tokenizer, o.kernel,
                             o.signature == SignatureKind::kOph);
    layout_ = o.bands != 0 ? BandLayout{o.bands, o.rows}
                           : choose_band_layout(kThreshold, o.num_perm, o.fp_weight, o.fn_weight);
    cut_ = sketch_filter_min_agree(kThreshold, o.num_perm);
    signatures_.resize(docs.size(), std::vector<std::uint32_t>(o.num_perm));
    keys_.resize(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) {
      if (sketcher.sketch(docs[i].generated.text, signatures_[i]) == 0) continue;
      for (unsigned band = 0; band < layout_.bands; ++band) {
        keys_[i].push_back(band_key(signatures_[i], layout_, band));
      }
    }
  }

  bool operator()(std::size_t a, std::size_t b) const {
    bool shared = false;
    for (std::size_t band = 0; band < keys_[a].size() && band < keys_[b].size(); ++band) {
      shared = shared || keys_[a][band] == keys_[b][band];
    }
    return shared && agreeing_entries(signatures_[a], signatures_[b]) >= cut_;
  }

 private:
  BandLayout layout_{};
  unsigned cut_ = 0;
  std::vector<std::vector<std::uint32_t>> signatures_;
  std::vector<std::vector<std::uint64_t>> keys_;
};

// Whether simhash (default flags: k = 3) proposes each pair: fingerprints made here within 3
// bits.
class SimhashCandidates {
 public:
  explicit SimhashCandidates(const std::vector<Doc>& docs) {
    const SimhashOptions o;
    SimhashSketcher sketcher(o.simhash, o.document.tokenizer);
    std::uint32_t words[2];
    for (const Doc& d : docs) {
      const bool tokens = sketcher.sketch(d.generated.text, words) != 0;
      fingerprints_.push_back(tokens ? std::optional(fingerprint_of(words)) : std::nullopt);
    }
  }

  bool operator()(std::size_t a, std::size_t b) const {
    return fingerprints_[a] && fingerprints_[b] &&
           std::popcount(*fingerprints_[a] ^ *fingerprints_[b]) <= 3;
  }

 private:
  std::vector<std::optional<std::uint64_t>> fingerprints_;
};

// The pairs of documents whose canonical tokens are equal (what the exact job removes).
std::vector<TruePair> equal_token_pairs(const std::vector<Doc>& docs) {
  std::map<std::string, std::vector<std::size_t>> by_tokens;
  Tokenizer tokenizer;
  TokenStream tokens;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    tokenizer.tokenize(docs[i].generated.text, tokens);
    if (tokens.size() > 0) by_tokens[tokens.text].push_back(i);
  }
  std::vector<TruePair> pairs;
  for (const auto& [text, same] : by_tokens) {
    for (std::size_t x = 0; x < same.size(); ++x) {
      for (std::size_t y = x + 1; y < same.size(); ++y) pairs.push_back({same[x], same[y], 1.0});
    }
  }
  return pairs;
}

// Expects equal sets of rows, naming the first few that differ (not all of them).
void expect_same_rows(const std::set<std::string>& got, const std::set<std::string>& want) {
  EXPECT_EQ(got.size(), want.size());
  int shown = 0;
  for (const std::string& row : want) {
    if (!got.count(row) && shown++ < 5) ADD_FAILURE() << "missing: " << row;
  }
  for (const std::string& row : got) {
    if (!want.count(row) && shown++ < 10) ADD_FAILURE() << "unexpected: " << row;
  }
}

// The clusters/ rows the oracle's decisions give: "id<TAB>kept<TAB>keep", and each row's
// similarity.
std::map<std::string, double> expected_rows(const std::vector<Doc>& docs,
                                            const std::vector<OracleDecision>& decisions) {
  std::map<std::string, double> rows;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const std::size_t kept = decisions[i].kept;
    if (kept == i) continue;
    rows[docs[i].generated.id + "\t" + docs[kept].generated.id + "\t0"] = decisions[i].similarity;
    rows[docs[kept].generated.id + "\t" + docs[kept].generated.id + "\t1"] = 1.0;
  }
  return rows;
}

class GreedyClusters : public ::testing::Test {
 protected:
  void SetUp() override {
    if (world_rank() == 0) {
      fs::create_directories(dir_);
      write_docs(dir_ + "/in.jsonl", docs_);
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  void TearDown() override {
    MPI_Barrier(MPI_COMM_WORLD);
    if (world_rank() == 0) fs::remove_all(dir_);
  }

  template <class Options>
  Options options(const std::string& name, const std::string& keep,
                  std::uint64_t split_bytes) const {
    Options o;
    o.inputs = {dir_ + "/in.jsonl"};
    o.output = dir_ + "/" + name;
    if constexpr (requires { o.threshold; }) o.threshold = kThreshold;
    o.keep = keep;
    o.split_bytes = split_bytes;
    o.write_removed = true;
    o.overwrite = true;
    return o;
  }

  // Rank 0: OUT's clusters/ and removed/ are the oracle's decisions over `pairs` in the
  // order of `keep`; every removed document is at J >= t with its kept one, and no two kept
  // documents are a pair of `pairs`.
  void check(const std::string& out, const std::vector<TruePair>& pairs,
             const std::string& keep) const {
    const std::vector<OracleDecision> decisions =
        testing::greedy_oracle(docs_.size(), pairs, keep_order(keep, docs_));
    check_rows(out, decisions, keep);
    check_promise(decisions, pairs);
  }

  // Rank 0: OUT's clusters/ and removed/ are `decisions`, the oracle's in the order of `keep`.
  void check_rows(const std::string& out, const std::vector<OracleDecision>& decisions,
                  const std::string& keep) const {
    const std::map<std::string, double> want = expected_rows(docs_, decisions);
    ASSERT_GT(want.size(), 100u);
    std::map<std::string, double> got;
    for (const std::string& line : part_lines(out, "clusters")) {
      const auto f = split_tabs(line);
      ASSERT_EQ(f.size(), 4u) << line;
      got[f[0] + "\t" + f[1] + "\t" + f[2]] = std::stod(f[3]);
    }
    ASSERT_EQ(got.size(), want.size()) << out << " keep " << keep;
    for (const auto& [row, similarity] : want) {
      const auto it = got.find(row);
      ASSERT_NE(it, got.end()) << out << " keep " << keep << ": missing " << row;
      EXPECT_NEAR(it->second, similarity, 1e-6) << row;
    }
    std::set<std::string> removed;
    for (std::size_t i = 0; i < docs_.size(); ++i) {
      if (decisions[i].kept != i) {
        removed.insert(docs_[i].generated.id + " for " + docs_[decisions[i].kept].generated.id);
      }
    }
    expect_same_rows(removed_and_kept(out), removed);
    EXPECT_EQ(testing::stat(out, "/docs_removed"), removed.size());
  }

  // Every removed document is a near-duplicate of its kept one; kept ones are not of each other
  // (among `pairs`, the candidates).
  void check_promise(const std::vector<OracleDecision>& decisions,
                     const std::vector<TruePair>& pairs) const {
    for (std::size_t i = 0; i < docs_.size(); ++i) {
      const std::size_t k = decisions[i].kept;
      if (k == i) continue;
      EXPECT_GE(true_jaccard(std::min(i, k), std::max(i, k)), kThreshold);
    }
    for (const TruePair& p : pairs) {
      EXPECT_FALSE(decisions[p.a].kept == p.a && decisions[p.b].kept == p.b)
          << docs_[p.a].generated.id << " and " << docs_[p.b].generated.id << " both kept";
    }
  }

  // Rank 0: the exact Jaccard of documents a < b when it is at least t, else 0.
  double true_jaccard(std::size_t a, std::size_t b) const {
    const auto at =
        std::lower_bound(truth_.begin(), truth_.end(), std::pair(a, b),
                         [](const TruePair& p, const std::pair<std::size_t, std::size_t>& key) {
                           return std::pair(p.a, p.b) < key;
                         });
    return at != truth_.end() && at->a == a && at->b == b ? at->jaccard : 0.0;
  }

  // removed/'s "ID for KEPT" of every line.
  static std::set<std::string> removed_and_kept(const std::string& out) {
    std::set<std::string> got;
    for (const std::string& line : part_lines(out, "removed")) {
      const auto field = [&](const std::string& key) {
        const std::size_t at = line.find("\"" + key + "\": \"") + key.size() + 5;
        return line.substr(at, line.find('"', at) - at);
      };
      got.insert(field("id") + " for " + field("kept"));
    }
    return got;
  }

  // The corpus, and on rank 0 its exact all-pairs graph sorted by (a, b): made once for every
  // test of the suite.
  static const std::vector<Doc>& corpus() {
    static const std::vector<Doc> docs = make_corpus();
    return docs;
  }
  static const std::vector<TruePair>& true_pairs() {
    static const std::vector<TruePair> pairs = [] {
      if (world_rank() != 0) return std::vector<TruePair>{};
      std::vector<std::string> texts;
      for (const Doc& d : corpus()) texts.push_back(d.generated.text);
      return testing::all_pairs_at_least(texts, ShingleSpec{}, kThreshold);
    }();
    return pairs;
  }

  const std::string dir_ = testing::shared_temp_dir();
  const std::vector<Doc>& docs_ = corpus();
  const std::vector<TruePair>& truth_ = true_pairs();
};

// With bands of 3 rows every true pair is a candidate (P = 1 - 1e-12 at t): the outputs are
// then the oracle's over the exact all-pairs graph itself.
TEST_F(GreedyClusters, MinhashEqualsTheOracleOverEveryTruePair) {
  MinhashOptions o = options<MinhashOptions>("minhash", "first", 4096);
  o.bands = 42;
  o.rows = 3;
  // (No ASSERT before the run: a rank leaving early would leave the others waiting.)
  if (world_rank() == 0) {
    EXPECT_GT(truth_.size(), 1'900'000u);  // the family of 2,000 alone has 1,999,000
    const std::vector<TruePair> candidates = proposed(truth_, MinhashCandidates(docs_, o));
    EXPECT_EQ(candidates.size(), truth_.size()) << "true pairs that are not candidates";
  }
  run_minhash(MPI_COMM_WORLD, o);
  if (world_rank() == 0) check(o.output, truth_, o.keep);
}

// With default flags LSH misses a few true pairs just above t (P = 0.986 at t): the outputs are
// the oracle's over the true pairs that are candidates, for every keep rule and split size.
TEST_F(GreedyClusters, MinhashEqualsTheOracleForEveryKeepRuleAndSplitSize) {
  std::vector<TruePair> candidates;
  if (world_rank() == 0) {
    candidates = proposed(truth_, MinhashCandidates(docs_, MinhashOptions{}));
    EXPECT_LE(truth_.size() - candidates.size(), 5u) << "true pairs that are not candidates";
  }
  for (const char* keep :
       {"first", "longest", "shortest", "field:meta.score", "field:meta.score:min"}) {
    for (const std::uint64_t split_bytes : {std::uint64_t{4096}, std::uint64_t{64} << 20}) {
      const std::string name = "minhash-" + std::to_string(split_bytes);
      run_minhash(MPI_COMM_WORLD, options<MinhashOptions>(name, keep, split_bytes));
      if (world_rank() == 0) check(dir_ + "/" + name, candidates, keep);
    }
  }
}

// Buckets over --max-bucket are checked as groups (by their first --group-checkers kept
// members, each against every undecided member): on this corpus, whose groups are families and
// copies (their first member removes the rest), the cap changes the work, not the result (a
// bucket keeping many look-alikes may differ: see how-it-works.md). With a cap of 2 every
// bucket of three or more is a group, and the clusters are those of the default cap, byte for
// byte. pairs/ (--write-pairs) lists every removed document's pair with its kept
// one, also those found through a group, at the similarity clusters/ gives.
TEST_F(GreedyClusters, MinhashGivesTheSameClustersForAnyBucketCap) {
  const MinhashOptions uncapped = options<MinhashOptions>("uncapped", "longest", 64 << 20);
  MinhashOptions capped = options<MinhashOptions>("capped", "longest", 64 << 20);
  capped.max_bucket = 2;
  capped.write_pairs = true;
  run_minhash(MPI_COMM_WORLD, uncapped);
  run_minhash(MPI_COMM_WORLD, capped);
  if (world_rank() != 0) return;
  const std::vector<std::string> rows = testing::sorted(part_lines(uncapped.output, "clusters"));
  EXPECT_GT(rows.size(), 2000u);
  EXPECT_EQ(testing::sorted(part_lines(capped.output, "clusters")), rows);
  EXPECT_GT(testing::stat(capped.output, "/capped_buckets"),
            testing::stat(uncapped.output, "/capped_buckets"));
  std::set<std::string> pairs;
  for (const std::string& line : part_lines(capped.output, "pairs")) {
    const auto f = split_tabs(line);
    pairs.insert(std::min(f[0], f[1]) + " " + std::max(f[0], f[1]) + " " + f[2]);
  }
  std::set<std::string> removals;
  for (const std::string& row : rows) {
    const auto f = split_tabs(row);
    if (f[2] == "0")
      removals.insert(std::min(f[0], f[1]) + " " + std::max(f[0], f[1]) + " " + f[3]);
  }
  std::set<std::string> missing;
  std::set_difference(removals.begin(), removals.end(), pairs.begin(), pairs.end(),
                      std::inserter(missing, missing.end()));
  expect_same_rows(missing, {});
}

// simhash (verifying exactly, the default) decides its candidates, pairs within 3 bits, by the
// same rule; with --max-bucket 1 every run of equal fingerprints, and every pair of runs one of
// which is such a run, is a group.
TEST_F(GreedyClusters, SimhashEqualsTheOracleOverItsCandidates) {
  std::vector<TruePair> candidates;
  if (world_rank() == 0) {
    candidates = proposed(truth_, SimhashCandidates(docs_));
    EXPECT_GT(candidates.size(), 100'000u);
  }
  for (const std::size_t max_run : {std::size_t{200}, std::size_t{1}}) {
    const char* keep = max_run == 1 ? "shortest" : "first";
    SimhashOptions o = options<SimhashOptions>("simhash", keep, 4096);
    o.limits.max_run = max_run;
    run_simhash(MPI_COMM_WORLD, o);
    if (world_rank() != 0) continue;
    check(o.output, candidates, keep);
    if (max_run == 1) {
      EXPECT_GT(testing::stat(o.output, "/capped_runs"), 100u);
    }
  }
}

// exact removes each copy for the first copy in keep order.
TEST_F(GreedyClusters, ExactEqualsTheOracleOverEqualTokens) {
  std::vector<TruePair> copies;
  if (world_rank() == 0) {
    copies = equal_token_pairs(docs_);
    EXPECT_GT(copies.size(), 100u);
  }
  for (const char* keep : {"first", "field:meta.score"}) {
    run_exact(MPI_COMM_WORLD, options<ExactOptions>("exact", keep, 4096));
    if (world_rank() == 0) {
      check_rows(dir_ + "/exact",
                 testing::greedy_oracle(docs_.size(), copies, keep_order(keep, docs_)), keep);
    }
  }
}

// --clusters components: the connected components of the true pairs, each keeping its first
// document, chains and all (the rows' similarity column is empty but for kept documents).
TEST_F(GreedyClusters, ComponentsChainWhereGreedyDoesNot) {
  MinhashOptions o = options<MinhashOptions>("components", "first", 4096);
  o.bands = 42;
  o.rows = 3;
  o.clusters = ClusterRule::kComponents;
  run_minhash(MPI_COMM_WORLD, o);
  if (world_rank() != 0) return;
  UnionFind components(docs_.size());
  for (const TruePair& p : truth_) components.unite(p.a, p.b);
  std::set<std::string> want;
  std::map<std::size_t, std::size_t> size;
  for (std::size_t i = 0; i < docs_.size(); ++i) ++size[components.find(i)];
  for (std::size_t i = 0; i < docs_.size(); ++i) {
    const std::size_t root = components.find(i);
    if (size[root] < 2) continue;
    want.insert(docs_[i].generated.id + "\t" + docs_[root].generated.id + "\t" +
                (i == root ? "1\t1.000000" : "0\t"));
  }
  const std::vector<std::string> rows = part_lines(o.output, "clusters");
  expect_same_rows(std::set<std::string>(rows.begin(), rows.end()), want);
  // A chain of 12 (and a copy of some of its documents) is one cluster keeping only its first
  // document, where greedy keeps every other document.
  std::size_t first = 0;
  while (docs_[first].generated.id != "chain-000-0000") ++first;
  std::uint64_t chain_removed = 0;
  for (const std::string& row : rows) {
    chain_removed += row.starts_with("chain-000-") && row.find("\t0\t") != std::string::npos;
  }
  EXPECT_GE(chain_removed, 11u);
  EXPECT_EQ(chain_removed, size[components.find(first)] - 1);
}

// 1,000 pages of one template (300 words) around 60 words of their own: every pair at J = 0.71,
// above the sketch filter and below t, in buckets over --max-bucket. Only a bucket's first
// --group-checkers kept documents check it, so the checks grow with the pages, not their
// square.
TEST(GreedyTemplates, ABucketOfLookAlikesIsCheckedByItsFirstMembersOnly) {
  const std::string dir = testing::shared_temp_dir();
  std::vector<testing::GeneratedDoc> pages;
  const auto words = testing::english_words();
  std::string template_text;
  for (std::size_t w = 0; w < 300; ++w)
    template_text += std::string(words[w * 7 % words.size()]) + "x" + std::to_string(w) + " ";
  for (std::size_t p = 0; p < 1000; ++p) {
    std::string text = template_text;
    for (std::size_t w = 0; w < 60; ++w)
      text += "p" + std::to_string(p) + "w" + std::to_string(w) + " ";
    pages.push_back({"template-" + std::to_string(p), text, p});
  }
  testing::write_corpus(dir + "/in", pages, 2);
  std::uint64_t checks[2] = {};
  for (const std::uint32_t checkers : {std::uint32_t{16}, std::uint32_t{0}}) {
    MinhashOptions o;
    o.inputs = {dir + "/in"};
    o.output = dir + (checkers ? "/bounded" : "/all");
    o.group_checkers = checkers;
    const JobSummary summary = run_minhash(MPI_COMM_WORLD, o);
    EXPECT_EQ(summary.docs_removed, 0u);
    if (world_rank() == 0) checks[checkers ? 0 : 1] = testing::stat(o.output, "/greedy_checks");
  }
  if (world_rank() == 0) {
    EXPECT_GT(testing::stat(dir + "/bounded", "/capped_buckets"), 0u);
    EXPECT_LT(checks[0], 150'000u);  // 16 checkers of each bucket of about 1,000 pages
    EXPECT_GT(checks[1], 300'000u);  // every kept page checks its later bucket mates: ~n^2 / 2
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace neardup
