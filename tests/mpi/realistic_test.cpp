// Default flags on corpora with the shapes real ones have (near-identical families, shared
// boilerplate, short documents, quoted mail, licence headers), against exact all-pairs Jaccard
// computed here: minhash's verified pairs and removals are all right and almost every true
// pair ends up in one cluster; simhash's are right and its clusters never chain families.
#include <gtest/gtest.h>
#include <mpi.h>

#include <filesystem>
#include <iostream>

#include "jobs/minhash_job.hpp"
#include "jobs/simhash_job.hpp"
#include "tests/mpi/job_test_support.hpp"
#include "tests/support/pair_judge.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::world_rank;

class RealisticCorpus : public ::testing::TestWithParam<double> {};

TEST_P(RealisticCorpus, DefaultMinhashIsExactAndFindsAlmostEveryPair) {
  const double threshold = GetParam();
  const std::string dir = testing::shared_temp_dir();
  const auto docs = testing::generate_realistic_corpus(testing::RealisticSpec{});
  testing::write_corpus(dir + "/in", docs, 3);
  MinhashOptions o;  // default flags but the threshold
  o.inputs = {dir + "/in"};
  o.output = dir + "/out";
  o.threshold = threshold;
  o.write_pairs = true;
  const JobSummary summary = run_minhash(MPI_COMM_WORLD, o);
  EXPECT_EQ(summary.docs_read, docs.size());
  EXPECT_EQ(summary.docs_read, summary.docs_kept + summary.docs_removed + summary.docs_skipped);
  if (world_rank() == 0) {
    const testing::Judged j =
        testing::judge_run(o.output, docs, testing::truth_of(docs, ShingleSpec{}, threshold));
    std::cout << "minhash t=" << threshold << ": " << j.summary() << "\n";
    EXPECT_GT(j.truth_pairs, 5000u);
    EXPECT_EQ(j.precision(), 1.0);
    EXPECT_EQ(j.removal_precision(), 1.0);
    EXPECT_GE(j.recall(), 0.99);
    EXPECT_EQ(j.removed, summary.docs_removed);
    fs::remove_all(dir);
  }
}

TEST_P(RealisticCorpus, DefaultSimhashNeverChainsUnrelatedDocuments) {
  const double threshold = GetParam();
  const std::string dir = testing::shared_temp_dir();
  const auto docs = testing::generate_realistic_corpus(testing::RealisticSpec{});
  testing::write_corpus(dir + "/in", docs, 3);
  SimhashOptions o;  // default flags but the threshold
  o.inputs = {dir + "/in"};
  o.output = dir + "/out";
  o.threshold = threshold;
  o.write_pairs = true;
  const JobSummary summary = run_simhash(MPI_COMM_WORLD, o);
  EXPECT_EQ(summary.docs_read, summary.docs_kept + summary.docs_removed + summary.docs_skipped);
  if (world_rank() == 0) {
    const testing::Judged j =
        testing::judge_run(o.output, docs, testing::truth_of(docs, ShingleSpec{}, threshold));
    std::cout << "simhash t=" << threshold << ": " << j.summary() << "\n";
    EXPECT_GT(j.verified_pairs, 1000u);
    EXPECT_GE(j.precision(), 0.99);
    EXPECT_GE(j.removal_precision(), 0.99);
    EXPECT_LE(j.largest_cluster, testing::RealisticSpec{}.family_size) << "families chained";
    if (threshold >= 0.8) {
      EXPECT_GE(j.recall(), 0.99);  // at 0.5 SimHash's k bits miss most pairs: use minhash
    }
    fs::remove_all(dir);
  }
}

INSTANTIATE_TEST_SUITE_P(Thresholds, RealisticCorpus, ::testing::Values(0.8, 0.5));

}  // namespace
}  // namespace neardup
