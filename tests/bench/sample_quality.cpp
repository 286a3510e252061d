// Shingle sampling by measurement: runs the minhash job (exact verification, pairs written)
// over generated corpora with the shapes of real ones at --shingle-sample 1, 2, 4, 8 and 16,
// and prints for each, against exact all-pairs Jaccard of the full shingle sets at t = 0.8 and
// 0.5, pair precision, cluster recall, removal precision and the sketch and verify seconds
// (one process, one rank: seconds per core).
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/log.hpp"
#include "tests/bench/measurement_run.hpp"
#include "tests/support/multilingual_corpus.hpp"
#include "tests/support/pair_judge.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace fs = std::filesystem;
using namespace neardup;

namespace {

// A stage's seconds from a run's stats.json ("stages": {"NAME": {... "max_seconds": S ...}}).
double stage_seconds(const std::string& out, const std::string& stage) {
  std::ifstream in(out + "/stats.json");
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  const std::size_t at = s.find("\"" + stage + "\": {");
  if (at == std::string::npos) return 0;
  const std::size_t value = s.find("\"max_seconds\": ", at);
  return std::stod(s.substr(value + 15));
}

// The generated corpora, `scale` times the tests' sizes.
std::vector<std::pair<std::string, std::vector<testing::GeneratedDoc>>> corpora(double scale) {
  const auto n = [scale](std::size_t x) {
    return static_cast<std::size_t>(static_cast<double>(x) * scale + 0.5);
  };
  testing::RealisticSpec real;
  real.families = n(real.families);
  real.boilerplate_groups = n(real.boilerplate_groups);
  real.short_docs = n(real.short_docs);
  real.mail_threads = n(real.mail_threads);
  real.source_files = n(real.source_files);
  real.plain_docs = n(real.plain_docs);
  testing::MultilingualSpec multi;
  multi.base_docs = n(multi.base_docs);
  return {{"realistic", testing::generate_realistic_corpus(real)},
          {"multilingual", testing::generate_multilingual_corpus(multi)}};
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  double scale = 4;
  std::string work = "/tmp/neardup-sample-quality";
  CLI::App app{"Shingle sampling: precision, recall and seconds at --shingle-sample 1-16"};
  app.add_option("--scale", scale, "corpus size, times the tests' corpora")->capture_default_str();
  app.add_option("--work", work, "scratch directory (replaced)")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  configure_log(0, Verbosity::kQuiet);

  std::printf("%-12s %4s %3s %9s %9s %9s %8s %8s %8s %8s\n", "corpus", "t", "M", "precision",
              "recall", "removal_p", "removed", "sketch_s", "filter_s", "verify_s");
  for (const auto& [name, docs] : corpora(scale)) {
    write_measurement_corpus(work, docs);
    for (const double threshold : {0.8, 0.5}) {
      const testing::Truth truth = testing::truth_of(docs, ShingleSpec{}, threshold);
      std::printf("# %s: %zu documents, %zu true pairs at t = %.2f\n", name.c_str(), docs.size(),
                  truth.pairs.size(), threshold);
      for (const unsigned sample : {1u, 2u, 4u, 8u, 16u}) {
        MinhashOptions o;
        set_measurement_run(o, work);
        o.threshold = threshold;
        o.document.shingle.sample = sample;
        run_minhash(MPI_COMM_WORLD, o);
        const testing::Judged j = testing::judge_run(o.output, docs, truth);
        std::printf("%-12s %4.2f %3u %9.4f %9.4f %9.4f %8zu %8.3f %8.3f %8.3f\n", name.c_str(),
                    threshold, sample, j.precision(), j.recall(), j.removal_precision(), j.removed,
                    stage_seconds(o.output, "sketch"), stage_seconds(o.output, "filter"),
                    stage_seconds(o.output, "verify"));
        std::fflush(stdout);
      }
    }
  }
  fs::remove_all(work);
  MPI_Finalize();
  return 0;
}
