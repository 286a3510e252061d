// Default flags on corpora with the shapes real ones have (near-identical families, shared
// boilerplate, short documents, quoted mail, licence headers), against exact all-pairs Jaccard
// computed here: minhash's verified pairs and removals are all right and almost every true
// pair ends up in one cluster; simhash's are right and its clusters never chain families.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "core/text/tokenizer_choice.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/methods/simhash_job.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/pair_judge.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::world_rank;

// Collective: the realistic corpus on disk in DIR/in, and a job's options with their defaults
// but the threshold, writing pairs/ to DIR/out.
class RealisticCorpus : public ::testing::TestWithParam<double> {
 protected:
  template <class Options>
  Options options_on_corpus() {
    testing::write_corpus(dir_ + "/in", docs_, 3);
    Options o;
    o.inputs = {dir_ + "/in"};
    o.output = dir_ + "/out";
    o.threshold = GetParam();
    o.write_pairs = true;
    return o;
  }

  // Rank 0: the run's outputs judged against exact all-pairs Jaccard at the threshold.
  testing::Judged judged(const char* job) const {
    const testing::Judged j = testing::judge_run(
        dir_ + "/out", docs_, testing::truth_of(docs_, ShingleSpec{}, GetParam()));
    std::cout << job << " t=" << GetParam() << ": " << j.summary() << "\n";
    return j;
  }

  const std::string dir_ = testing::shared_temp_dir();
  const std::vector<testing::GeneratedDoc> docs_ =
      testing::generate_realistic_corpus(testing::RealisticSpec{});
};

TEST_P(RealisticCorpus, DefaultMinhashIsExactAndFindsAlmostEveryPair) {
  const JobSummary summary = run_minhash(MPI_COMM_WORLD, options_on_corpus<MinhashOptions>());
  EXPECT_EQ(summary.docs_read, docs_.size());
  EXPECT_EQ(summary.docs_read, summary.docs_kept + summary.docs_removed + summary.docs_skipped);
  if (world_rank() == 0) {
    const testing::Judged j = judged("minhash");
    EXPECT_GT(j.truth_pairs, 5000u);
    EXPECT_EQ(j.precision(), 1.0);
    EXPECT_EQ(j.removal_precision(), 1.0);
    EXPECT_GE(j.recall(), 0.99);
    EXPECT_EQ(j.removed, summary.docs_removed);
    fs::remove_all(dir_);
  }
}

// With --clusters components and without --write-pairs, verification skips pairs already joined,
// and at several ranks verifies each candidate component on one rank: the clusters must be those of
// checking every pair, and as each pair that passes joins two clusters, the pairs that pass are a
// spanning forest of them (one fewer than a cluster's documents) at every rank count: no rank joins
// what another already joined.
TEST_P(RealisticCorpus, SkippingJoinedPairsKeepsTheClusters) {
  for (const VerifyMode mode : {VerifyMode::kExact, VerifyMode::kEstimate}) {
    MinhashOptions every = options_on_corpus<MinhashOptions>();
    every.verify = mode;
    every.clusters = ClusterRule::kComponents;
    every.overwrite = true;
    run_minhash(MPI_COMM_WORLD, every);
    MinhashOptions skipping = every;
    skipping.output = dir_ + "/skipping";
    skipping.write_pairs = false;
    const JobSummary summary = run_minhash(MPI_COMM_WORLD, skipping);
    if (world_rank() == 0) {
      const char* name = mode == VerifyMode::kExact ? "exact" : "estimate";
      const auto clusters = testing::sorted(testing::part_lines(every.output, "clusters"));
      EXPECT_GT(clusters.size(), 500u) << name;
      EXPECT_EQ(testing::sorted(testing::part_lines(skipping.output, "clusters")), clusters)
          << name;
      EXPECT_LT(summary.verified_pairs, testing::part_lines(every.output, "pairs").size())
          << name << ": joined pairs must be skipped";
      EXPECT_EQ(summary.verified_pairs, clusters.size() - summary.clusters)
          << name << ": clusters.tsv has a line for each document in a cluster";
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (world_rank() == 0) fs::remove_all(dir_);
}

TEST_P(RealisticCorpus, DefaultSimhashNeverChainsUnrelatedDocuments) {
  const JobSummary summary = run_simhash(MPI_COMM_WORLD, options_on_corpus<SimhashOptions>());
  EXPECT_EQ(summary.docs_read, docs_.size());
  EXPECT_EQ(summary.docs_read, summary.docs_kept + summary.docs_removed + summary.docs_skipped);
  if (world_rank() == 0) {
    const testing::Judged j = judged("simhash");
    EXPECT_GT(j.verified_pairs, 1000u);
    EXPECT_GE(j.precision(), 0.99);
    EXPECT_GE(j.removal_precision(), 0.99);
    EXPECT_LE(j.largest_cluster, testing::RealisticSpec{}.family_size) << "families chained";
    if (GetParam() >= 0.8) {
      EXPECT_GE(j.recall(), 0.99);  // at 0.5 SimHash's k bits miss many pairs: use minhash
    }
    fs::remove_all(dir_);
  }
}

INSTANTIATE_TEST_SUITE_P(Thresholds, RealisticCorpus, ::testing::Values(0.8, 0.5));

// On the realistic corpus and the planted-variant corpus, every pure-ASCII document tokenizes
// alike under both tokenizers (so --tokenizer ascii and unicode find the same pairs there), and
// the non-ASCII ones show why the Unicode tokenizer is the default.
TEST(RealisticCorpusTokens, PureAsciiDocumentsTokenizeAlikeUnderBothTokenizers) {
  if (world_rank() != 0) return;
  std::vector<testing::GeneratedDoc> docs = testing::generate_realistic_corpus({});
  for (testing::GeneratedDoc& d : testing::generate_corpus(testing::CorpusSpec{})) {
    docs.push_back(std::move(d));
  }
  Tokenizer unicode(TokenizerKind::kUnicode), ascii(TokenizerKind::kAscii);
  TokenStream u, a;
  std::size_t pure = 0, differing = 0;
  for (const testing::GeneratedDoc& d : docs) {
    const bool is_ascii = std::all_of(d.text.begin(), d.text.end(),
                                      [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    unicode.tokenize(d.text, u);
    ascii.tokenize(d.text, a);
    if (is_ascii) {
      ++pure;
      ASSERT_EQ(u.text, a.text) << d.id;
      ASSERT_EQ(u.starts, a.starts) << d.id;
    } else {
      differing += u.text != a.text;
    }
  }
  EXPECT_GT(pure, 2000u);
  EXPECT_GT(differing, 10u);  // accented, Cyrillic and CJK prose tokenizes differently
}

}  // namespace
}  // namespace neardup
