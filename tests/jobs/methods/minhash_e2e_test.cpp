// The minhash job end to end under MPI, against exact all-pairs Jaccard computed here: recall
// and precision, clusters and the keep rule, accounting of bad lines, and byte-identical
// outputs for any rank count and split size.
#include <gtest/gtest.h>
#include <mpi.h>
#include <simdjson.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/lsh/lsh_params.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/brute_force.hpp"
#include "tests/support/corpus_generator.hpp"
#include "tests/support/greedy_oracle.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::CorpusSpec;
using testing::GeneratedDoc;
using testing::part_count;
using testing::part_lines;
using testing::shared_temp_dir;
using testing::sorted;
using testing::split_tabs;
using testing::stat;
using testing::world_rank;
using testing::write_corpus;

MinhashOptions options_for(const std::string& input, const std::string& output, VerifyMode mode) {
  MinhashOptions o;
  o.inputs = {input};
  o.output = output;
  o.threshold = 0.8;
  o.verify = mode;
  o.write_pairs = true;
  o.write_deduped = true;
  o.overwrite = true;
  return o;
}

CorpusSpec spec_with_levels(std::vector<double> levels, std::uint64_t seed) {
  CorpusSpec spec;
  spec.seed = seed;
  spec.base_docs = 1200;
  spec.min_tokens = 30;
  spec.max_tokens = 250;
  spec.levels = std::move(levels);
  return spec;
}

struct Quality {
  double recall = 0;
  double precision = 0;
  std::size_t truth = 0;
  std::size_t found = 0;
  double expected_recall = 0;  // estimate: the banding and binomial model's, over the true pairs
};

// Rank 0: compares pairs/ with the brute-force truth; checks printed similarities in exact mode.
Quality measure(const std::string& out, const std::vector<GeneratedDoc>& docs, bool exact,
                const MinhashOptions& options) {
  std::map<std::string, std::size_t> index;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    index[docs[i].id] = i;
    texts.push_back(docs[i].text);
  }
  std::map<std::pair<std::size_t, std::size_t>, double> truth;
  for (const auto& p : testing::all_pairs_at_least(texts, ShingleSpec{}, 0.8)) {
    truth[{p.a, p.b}] = p.jaccard;
  }
  Quality q;
  q.truth = truth.size();
  const BandLayout layout =
      choose_band_layout(options.threshold, options.num_perm, options.fp_weight, options.fn_weight);
  const unsigned min_agree =
      min_agreeing_entries(options.threshold, options.num_perm, options.pass_at_threshold);
  for (const auto& [pair, j] : truth) {
    q.expected_recall += candidate_probability(j, layout) *
                         (exact ? 1.0 : agreement_probability(j, options.num_perm, min_agree));
  }
  q.expected_recall /= std::max<std::size_t>(1, q.truth);
  std::size_t correct = 0;
  for (const std::string& line : part_lines(out, "pairs")) {
    const auto f = split_tabs(line);
    EXPECT_EQ(f.size(), 3u) << line;
    if (f.size() != 3) continue;
    std::size_t a = index.at(f[0]), b = index.at(f[1]);
    EXPECT_LT(a, b) << "id_a must come first in input order: " << line;
    ++q.found;
    const auto it = truth.find({std::min(a, b), std::max(a, b)});
    if (it == truth.end()) continue;
    ++correct;
    if (exact) {
      EXPECT_NEAR(std::stod(f[2]), it->second, 1e-5) << line;
    }
  }
  q.recall = q.truth == 0 ? 1 : static_cast<double>(correct) / q.truth;
  q.precision = q.found == 0 ? 1 : static_cast<double>(correct) / q.found;
  return q;
}

// Rank 0: clusters/ rows are the greedy walk in input order over pairs/ (every candidate pair
// that passed, with its similarity): each removed document names the first kept document it
// is a verified pair with, at that pair's similarity.
void check_clusters(const std::string& out, const std::vector<GeneratedDoc>& docs) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < docs.size(); ++i) index[docs[i].id] = i;
  std::vector<testing::TruePair> pairs;
  for (const std::string& line : part_lines(out, "pairs")) {
    const auto f = split_tabs(line);
    const std::size_t a = index.at(f[0]), b = index.at(f[1]);
    pairs.push_back({std::min(a, b), std::max(a, b), std::stod(f[2])});
  }
  std::vector<std::size_t> order(docs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::vector<testing::OracleDecision> decisions =
      testing::greedy_oracle(docs.size(), pairs, order);
  std::vector<std::string> want;
  std::set<std::size_t> keeping;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const testing::OracleDecision& d = decisions[i];
    if (d.kept == i) continue;
    char similarity[32];
    std::snprintf(similarity, sizeof similarity, "%.6f", d.similarity);
    want.push_back(docs[i].id + "\t" + docs[d.kept].id + "\t0\t" + similarity);
    if (keeping.insert(d.kept).second) {
      want.push_back(docs[d.kept].id + "\t" + docs[d.kept].id + "\t1\t1.000000");
    }
  }
  EXPECT_GT(want.size(), 100u);
  EXPECT_EQ(sorted(part_lines(out, "clusters")), sorted(want));
}

// Exact verification (the default) on a corpus with planted pairs from 0.3 to 1.0, with either
// signature proposing the candidates.
void expect_exact_quality(SignatureKind signature) {
  const std::string dir = shared_temp_dir();
  const auto docs =
      testing::generate_corpus(spec_with_levels({0.3, 0.5, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0}, 7));
  write_corpus(dir + "/in", docs, 3);
  MinhashOptions o = options_for(dir + "/in", dir + "/out", VerifyMode::kExact);
  o.signature = signature;
  const JobSummary summary = run_minhash(MPI_COMM_WORLD, o);
  EXPECT_EQ(summary.docs_read, docs.size());
  if (world_rank() == 0) {
    const Quality q = measure(dir + "/out", docs, true, o);
    std::cout << signature_kind_name(signature) << " exact: truth " << q.truth << " pairs, found "
              << q.found << ", recall " << q.recall << ", precision " << q.precision << "\n";
    EXPECT_GT(q.truth, 1000u);
    EXPECT_EQ(q.precision, 1.0);
    EXPECT_GE(q.recall, 0.99);
    check_clusters(dir + "/out", docs);
    fs::remove_all(dir);
  }
}

TEST(MinhashEndToEnd, ExactVerificationIsPreciseAndFindsAlmostEveryPair) {
  static_assert(kDefaultSignature == SignatureKind::kOph);
  expect_exact_quality(SignatureKind::kOph);
}

TEST(MinhashEndToEnd, ExactVerificationOverClassicMinhashIsPreciseAndFindsAlmostEveryPair) {
  expect_exact_quality(SignatureKind::kMinhash);
}

// Estimate verification on a corpus with planted pairs from 0.3 to 1.0, with either signature.
void expect_estimate_quality(SignatureKind signature) {
  const std::string dir = shared_temp_dir();
  const auto docs = testing::generate_corpus(spec_with_levels({0.3, 0.5, 0.7, 0.9, 0.95, 1.0}, 8));
  write_corpus(dir + "/in", docs, 2);
  MinhashOptions o = options_for(dir + "/in", dir + "/out", VerifyMode::kEstimate);
  o.signature = signature;
  run_minhash(MPI_COMM_WORLD, o);
  if (world_rank() == 0) {
    const Quality q = measure(dir + "/out", docs, false, o);
    std::cout << signature_kind_name(signature) << " estimate: truth " << q.truth
              << " pairs, found " << q.found << ", recall " << q.recall << " (model "
              << q.expected_recall << "), precision " << q.precision << "\n";
    EXPECT_GT(q.truth, 1000u);
    // The cut at the threshold misses some true pairs just above it, as many as the binomial
    // model says (within a few standard deviations), and wrongly keeps few.
    EXPECT_NEAR(q.recall, q.expected_recall, 0.015);
    EXPECT_GE(q.recall, 0.95);
    EXPECT_GE(q.precision, 0.97);
    check_clusters(dir + "/out", docs);
    fs::remove_all(dir);
  }
}

TEST(MinhashEndToEnd, EstimateVerificationHasHighRecallAndPrecision) {
  expect_estimate_quality(SignatureKind::kMinhash);
}

TEST(MinhashEndToEnd, OnePermutationHashingHasHighRecallAndPrecision) {
  expect_estimate_quality(SignatureKind::kOph);
}

struct Outputs {
  std::vector<std::string> clusters, pairs, deduped;
};

Outputs read_outputs(const std::string& out) {
  return {sorted(part_lines(out, "clusters")), sorted(part_lines(out, "pairs")),
          part_lines(out, "deduped")};
}

TEST(MinhashEndToEnd, SameOutputsForEveryRankCountAndSplitSize) {
  const std::string dir = shared_temp_dir();
  const auto docs = testing::generate_corpus(spec_with_levels({0.5, 0.8, 0.9, 1.0}, 9));
  write_corpus(dir + "/in", docs, 3);
  // Exact and estimate verification, and exact over a 1-in-4 sample of the shingles.
  const std::vector<std::pair<VerifyMode, unsigned>> runs = {
      {VerifyMode::kExact, 1}, {VerifyMode::kEstimate, 1}, {VerifyMode::kExact, 4}};
  std::vector<std::string> unsampled_pairs;
  for (const auto& [mode, sample] : runs) {
    const auto options = [&, mode = mode, sample = sample](const std::string& out) {
      MinhashOptions o = options_for(dir + "/in", out, mode);
      o.document.shingle.sample = sample;
      return o;
    };
    run_minhash(MPI_COMM_WORLD, options(dir + "/world"));
    MinhashOptions small_splits = options(dir + "/small");
    small_splits.split_bytes = 4096;  // lines cross split boundaries
    run_minhash(MPI_COMM_WORLD, small_splits);
    MPI_Comm alone;
    MPI_Comm_split(MPI_COMM_WORLD, world_rank() == 0 ? 0 : MPI_UNDEFINED, 0, &alone);
    if (world_rank() == 0) {
      run_minhash(alone, options(dir + "/one"));
      MPI_Comm_free(&alone);
      const Outputs one = read_outputs(dir + "/one");
      const Outputs many = read_outputs(dir + "/world");
      const Outputs small = read_outputs(dir + "/small");
      EXPECT_FALSE(one.clusters.empty());
      EXPECT_FALSE(one.pairs.empty());
      EXPECT_EQ(one.clusters, many.clusters);
      EXPECT_EQ(one.pairs, many.pairs);
      EXPECT_EQ(one.deduped, many.deduped);  // same splits: same parts, same order
      EXPECT_EQ(one.clusters, small.clusters);
      EXPECT_EQ(one.pairs, small.pairs);
      EXPECT_EQ(one.deduped, small.deduped);  // concatenated in part order: input order
      EXPECT_GT(part_count(dir + "/small", "deduped"), part_count(dir + "/world", "deduped"))
          << "4 KB splits must cut the corpus into more parts than the default split size";
      if (mode == VerifyMode::kExact && sample == 1) unsampled_pairs = one.pairs;
      if (sample > 1) {
        EXPECT_NE(one.pairs, unsampled_pairs) << "sampled similarities must differ";
      }
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (world_rank() == 0) fs::remove_all(dir);
}

TEST(MinhashEndToEnd, EveryLineIsAccountedFor) {
  const std::string dir = shared_temp_dir();
  CorpusSpec spec = spec_with_levels({0.9, 1.0}, 10);
  spec.base_docs = 300;
  auto docs = testing::generate_corpus(spec);
  docs.push_back({"empty-text", "", 0});
  docs.push_back({"only-punctuation", "?! ... --", 0});
  const std::map<std::size_t, std::string> bad = {{3, "{not json"},
                                                  {50, ""},
                                                  {51, "   "},
                                                  {120, R"({"id": "n", "text": 17})"},
                                                  {200, R"({"id": "x"})"},
                                                  {201, R"({"id": "y", "body": "text elsewhere"})"},
                                                  {250, R"(["an", "array"])"}};
  write_corpus(dir + "/in", docs, 2, bad);
  const JobSummary s =
      run_minhash(MPI_COMM_WORLD, options_for(dir + "/in", dir + "/out", VerifyMode::kExact));
  const auto reason = [&](LineStatus status) {
    return s.skipped_by_reason[static_cast<int>(status)];
  };
  EXPECT_EQ(s.docs_read, docs.size() + bad.size());
  EXPECT_EQ(reason(LineStatus::kMalformedJson), 2u);
  EXPECT_EQ(reason(LineStatus::kBlankLine), 2u);
  EXPECT_EQ(reason(LineStatus::kTextNotString), 1u);
  EXPECT_EQ(reason(LineStatus::kMissingText), 2u);
  EXPECT_EQ(s.docs_skipped, bad.size());
  EXPECT_EQ(s.docs_read, s.docs_kept + s.docs_removed + s.docs_skipped);
  EXPECT_GT(s.docs_removed, 0u);
  if (world_rank() == 0) {
    const std::string out = dir + "/out";
    EXPECT_EQ(stat(out, "/docs_read"), s.docs_read);
    EXPECT_EQ(stat(out, "/docs_kept"), s.docs_kept);
    EXPECT_EQ(stat(out, "/docs_removed"), s.docs_removed);
    EXPECT_EQ(stat(out, "/docs_skipped_by_reason/malformed_json"), 2u);
    EXPECT_EQ(stat(out, "/docs_skipped_by_reason/missing_text"), 2u);
    EXPECT_TRUE(fs::exists(out + "/_SUCCESS"));
    // deduped/ holds exactly the kept documents' lines, byte for byte, in input order.
    std::set<std::string> removed;
    for (const std::string& line : part_lines(out, "clusters")) {
      const auto f = split_tabs(line);
      if (f[2] == "0") removed.insert(f[0]);
    }
    std::vector<std::string> want;
    for (const GeneratedDoc& d : docs) {
      if (!removed.count(d.id)) want.push_back(testing::to_json_line(d));
    }
    EXPECT_EQ(part_lines(out, "deduped"), want);
    EXPECT_EQ(want.size(), s.docs_kept);
    fs::remove_all(dir);
  }
}

TEST(MinhashEndToEnd, MissingIdFieldGivesPathAndLine) {
  const std::string dir = shared_temp_dir();
  std::vector<GeneratedDoc> docs;
  for (int i = 0; i < 400; ++i) {
    docs.push_back({"d" + std::to_string(i),
                    "filler document number " + std::to_string(i) + " with some distinct words w" +
                        std::to_string(i),
                    0});
  }
  docs[10].text = docs[390].text = "the same text appears twice in this small corpus of ours";
  write_corpus(dir + "/in", docs, 1, {{5, "{broken"}});
  for (const std::uint64_t split : {std::uint64_t{64} << 20, std::uint64_t{700}}) {
    MinhashOptions o = options_for(dir + "/in", dir + "/out", VerifyMode::kExact);
    o.document.id_field = "no_such_field";
    o.split_bytes = split;
    run_minhash(MPI_COMM_WORLD, o);
    if (world_rank() == 0) {
      // docs[10] is on line 12 (one bad line before it), docs[390] on line 392.
      const std::string file = dir + "/in/a.jsonl";
      const std::vector<std::string> want = {file + ":12\t" + file + ":12\t1\t1.000000",
                                             file + ":392\t" + file + ":12\t0\t1.000000"};
      EXPECT_EQ(sorted(part_lines(dir + "/out", "clusters")), want) << "split " << split;
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (world_rank() == 0) fs::remove_all(dir);
}

}  // namespace
}  // namespace neardup
