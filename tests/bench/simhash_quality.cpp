// SimHash defaults by measurement: runs the simhash job over a generated corpus with the shapes
// of real ones (tests/support/realistic_corpus) for every feature, weight, k and verification
// choice, and prints, against exact all-pairs Jaccard at --threshold, each choice's pair
// precision, cluster recall, removal precision, largest cluster and seconds (one process).
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "jobs/methods/simhash_job.hpp"
#include "tests/bench/measurement_run.hpp"
#include "tests/support/pair_judge.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace fs = std::filesystem;
using namespace neardup;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  double threshold = 0.8;
  std::uint64_t seed = 42;
  std::string work = "/tmp/neardup-simhash-quality";
  CLI::App app{"SimHash precision and recall for each feature, weight, k and verification"};
  app.add_option("-t,--threshold", threshold)->capture_default_str();
  app.add_option("--seed", seed)->capture_default_str();
  app.add_option("--work", work, "scratch directory (replaced)")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  testing::RealisticSpec spec;
  spec.seed = seed;
  const std::vector<testing::GeneratedDoc> docs = testing::generate_realistic_corpus(spec);
  write_measurement_corpus(work, docs);
  const testing::Truth truth = testing::truth_of(docs, ShingleSpec{}, threshold);
  std::printf("%zu documents, %zu true pairs at t = %.2f\n", docs.size(), truth.pairs.size(),
              threshold);
  std::printf("%-9s %-7s %2s %-6s %9s %9s %9s %8s %8s\n", "features", "weight", "k", "verify",
              "precision", "recall", "removal_p", "largest", "seconds");
  const std::pair<SimhashFeatures, const char*> features[] = {
      {SimhashFeatures::kTokens, "tokens"},
      {SimhashFeatures::kShingles, "shingles"},
      {SimhashFeatures::kChars, "char"}};
  const std::pair<SimhashWeight, const char*> weights[] = {{SimhashWeight::kTf, "tf"},
                                                           {SimhashWeight::kBinary, "binary"},
                                                           {SimhashWeight::kLogTf, "logtf"}};
  for (const auto& [feature, feature_name] : features) {
    for (const auto& [weight, weight_name] : weights) {
      for (const unsigned k : {3u, 4u, 6u}) {
        for (const VerifyMode verify : {VerifyMode::kNone, VerifyMode::kExact}) {
          SimhashOptions o;
          set_measurement_run(o, work);
          o.simhash.features = feature;
          o.simhash.weight = weight;
          o.max_distance = k;
          o.verify = verify;
          o.threshold = threshold;
          const auto start = std::chrono::steady_clock::now();
          run_simhash(MPI_COMM_WORLD, o);
          const double seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          const testing::Judged j = testing::judge_run(o.output, docs, truth);
          std::printf("%-9s %-7s %2u %-6s %9.4f %9.4f %9.4f %8zu %8.2f\n", feature_name,
                      weight_name, k, verify_mode_name(verify), j.precision(), j.recall(),
                      j.removal_precision(), j.largest_cluster, seconds);
          std::fflush(stdout);
        }
      }
    }
  }
  fs::remove_all(work);
  MPI_Finalize();
  return 0;
}
