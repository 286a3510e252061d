// The simhash job end to end: clusters equal the connected components of every pair of
// documents whose fingerprints (computed in the test) are within k bits, at any rank count;
// pairs/ holds exactly those pairs, with similarity 1 - distance / 64.
#include <gtest/gtest.h>
#include <mpi.h>

#include <bit>
#include <cstdio>
#include <map>
#include <numeric>
#include <set>

#include "core/sketch/simhash.hpp"
#include "jobs/methods/simhash_job.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/greedy_oracle.hpp"

namespace neardup {
namespace {

using testing::GeneratedDoc;

// Whether the text has a token (documents without one never match).
bool has_token(const std::string& text) {
  return text.find_first_of("abcdefghijklmnopqrstuvwxyz0123456789") != std::string::npos;
}

TEST(SimhashJob, ClustersAndPairsEqualBruteForceOverFingerprints) {
  const std::string dir = testing::shared_temp_dir();
  testing::CorpusSpec spec;
  spec.seed = 5;
  spec.base_docs = 1500;
  spec.levels = {0.8, 0.9, 0.95, 0.98, 1.0};
  std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  docs.push_back({"empty-1", "", 0});
  docs.push_back({"empty-2", "?!", 0});
  testing::write_corpus(dir + "/in", docs, 3);
  SimhashOptions options;
  options.inputs = {dir + "/in"};
  options.output = dir + "/out";
  options.simhash.features = SimhashFeatures::kShingles;
  options.verify = VerifyMode::kNone;  // pairs are all candidates: the fingerprints decide
  options.write_pairs = true;
  options.split_bytes = 1 << 20;
  const JobSummary summary = run_simhash(MPI_COMM_WORLD, options);

  std::vector<std::uint64_t> fps;
  for (const GeneratedDoc& d : docs) fps.push_back(simhash(d.text, options.simhash));
  std::set<std::string> truth_pairs;
  std::vector<testing::TruePair> within;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    for (std::size_t j = i + 1; j < docs.size(); ++j) {
      const int distance = std::popcount(fps[i] ^ fps[j]);
      if (distance > 3 || !has_token(docs[i].text) || !has_token(docs[j].text)) {
        continue;
      }
      char similarity[16];
      std::snprintf(similarity, sizeof similarity, "%.6f", 1.0 - distance / 64.0);
      truth_pairs.insert(docs[i].id + "\t" + docs[j].id + "\t" + similarity);
      within.push_back({i, j, 1.0 - distance / 64.0});
    }
  }
  // Greedy in input order: each removed document names the first kept one within 3 bits.
  std::vector<std::size_t> order(docs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const std::vector<testing::OracleDecision> decisions =
      testing::greedy_oracle(docs.size(), within, order);
  std::map<std::string, std::set<std::string>> truth_clusters;
  std::size_t removed = 0;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (decisions[i].kept == i) continue;
    ++removed;
    truth_clusters[docs[decisions[i].kept].id].insert(docs[i].id);
    truth_clusters[docs[decisions[i].kept].id].insert(docs[decisions[i].kept].id);
  }
  EXPECT_EQ(summary.verified_pairs, truth_pairs.size());
  EXPECT_EQ(summary.docs_removed, removed);
  EXPECT_EQ(summary.clusters, truth_clusters.size());
  if (testing::world_rank() == 0) {
    EXPECT_GT(truth_pairs.size(), 1000u);
    const std::vector<std::string> written = testing::part_lines(dir + "/out", "pairs");
    EXPECT_EQ(written.size(), truth_pairs.size());
    EXPECT_TRUE(std::set<std::string>(written.begin(), written.end()) == truth_pairs);
    std::map<std::string, std::set<std::string>> by_cluster;
    for (const std::string& line : testing::part_lines(dir + "/out", "clusters")) {
      const auto f = testing::split_tabs(line);
      by_cluster[f[1]].insert(f[0]);
    }
    EXPECT_TRUE(by_cluster == truth_clusters);
    std::filesystem::remove_all(dir);
  }
}

}  // namespace
}  // namespace neardup
