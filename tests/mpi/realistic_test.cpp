// Default flags on corpora with the shapes real ones have (near-identical families, shared
// boilerplate, short documents, quoted mail, licence headers), against exact all-pairs Jaccard
// computed here: every verified pair and every removal is right, and almost every true pair
// ends up in one cluster.
#include <gtest/gtest.h>
#include <mpi.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "jobs/minhash_job.hpp"
#include "tests/mpi/job_test_support.hpp"
#include "tests/support/brute_force.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::GeneratedDoc;
using testing::part_lines;
using testing::split_tabs;
using testing::world_rank;

// What a run found, judged against the exact truth at its threshold.
struct Judged {
  std::size_t truth_pairs = 0;
  std::size_t truth_pairs_clustered = 0;  // both documents in one output cluster
  std::size_t verified_pairs = 0;         // rows of pairs/
  std::size_t verified_true = 0;          // rows whose exact Jaccard is >= the threshold
  std::size_t removed = 0;
  std::size_t removed_with_true_twin = 0;  // removed documents with a true near-duplicate
  std::map<std::string, std::pair<std::size_t, std::size_t>> recall_by_shape;  // found, truth

  double recall() const {
    return truth_pairs == 0 ? 1 : static_cast<double>(truth_pairs_clustered) / truth_pairs;
  }
  double precision() const {
    return verified_pairs == 0 ? 1 : static_cast<double>(verified_true) / verified_pairs;
  }
  double removal_precision() const {
    return removed == 0 ? 1 : static_cast<double>(removed_with_true_twin) / removed;
  }
};

// Rank 0: reads pairs/ and clusters/ of `out` and compares them with exact all-pairs Jaccard.
Judged judge(const std::string& out, const std::vector<GeneratedDoc>& docs, double threshold) {
  std::unordered_map<std::string, std::size_t> index;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    index[docs[i].id] = i;
    texts.push_back(docs[i].text);
  }
  const auto key = [&](std::size_t a, std::size_t b) {
    return std::min(a, b) * docs.size() + std::max(a, b);
  };
  const auto truth = testing::all_pairs_at_least(texts, ShingleSpec{}, threshold);
  std::unordered_set<std::size_t> true_keys;
  std::vector<char> has_twin(docs.size(), 0);
  for (const auto& p : truth) {
    true_keys.insert(key(p.a, p.b));
    has_twin[p.a] = has_twin[p.b] = 1;
  }
  std::vector<std::size_t> cluster(docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i) cluster[i] = i;
  Judged j;
  for (const std::string& line : part_lines(out, "clusters")) {
    const auto f = split_tabs(line);
    const std::size_t doc = index.at(f[0]);
    cluster[doc] = index.at(f[1]);
    if (f[2] == "0") {
      ++j.removed;
      j.removed_with_true_twin += has_twin[doc];
    }
  }
  for (const std::string& line : part_lines(out, "pairs")) {
    const auto f = split_tabs(line);
    ++j.verified_pairs;
    j.verified_true += true_keys.count(key(index.at(f[0]), index.at(f[1])));
  }
  j.truth_pairs = truth.size();
  for (const auto& p : truth) {
    const bool found = cluster[p.a] == cluster[p.b];
    j.truth_pairs_clustered += found;
    auto& [shape_found, shape_truth] = j.recall_by_shape[testing::shape_of(docs[p.a].id)];
    shape_found += found;
    ++shape_truth;
  }
  return j;
}

void print(const Judged& j, double threshold) {
  std::cout << "t=" << threshold << ": truth " << j.truth_pairs << " pairs, recall " << j.recall()
            << ", verified " << j.verified_pairs << " precision " << j.precision() << ", removed "
            << j.removed << " removal precision " << j.removal_precision() << "; by shape:";
  for (const auto& [shape, counts] : j.recall_by_shape) {
    std::cout << " " << shape << " " << counts.first << "/" << counts.second;
  }
  std::cout << "\n";
}

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
    const Judged j = judge(o.output, docs, threshold);
    print(j, threshold);
    EXPECT_GT(j.truth_pairs, 5000u);
    EXPECT_EQ(j.precision(), 1.0);
    EXPECT_EQ(j.removal_precision(), 1.0);
    EXPECT_GE(j.recall(), 0.99);
    EXPECT_EQ(j.removed, summary.docs_removed);
    fs::remove_all(dir);
  }
}

INSTANTIATE_TEST_SUITE_P(Thresholds, RealisticCorpus, ::testing::Values(0.8, 0.5));

}  // namespace
}  // namespace neardup
