// Which input names each rank holds after the plan: the files of its splits, of the shared
// splits and of the files whose frames are walked (all of them on rank 0), and the deduped/
// names of text files whose relative paths clash, decided on rank 0 alone.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "jobs/documents/job_plan.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/corpus_generator.hpp"
#include "tests/support/split_compression.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::shared_temp_dir;
using testing::world_rank;

void write_bytes(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

MinhashOptions options_for(std::vector<std::string> inputs, const std::string& output) {
  MinhashOptions o;
  o.inputs = std::move(inputs);
  o.output = output;
  o.write_deduped = true;
  o.overwrite = true;
  return o;
}

// 40 small JSON Lines files, one gzip file of one member holding half the documents (shared
// among the ranks when there are several), and a zstd file of many frames (walked). Returns
// the number of documents.
std::size_t write_mixed_corpus(const std::string& dir) {
  testing::CorpusSpec spec;
  spec.base_docs = 300;
  const std::vector<testing::GeneratedDoc> docs = testing::generate_corpus(spec);
  if (world_rank() == 0) {
    fs::create_directories(dir + "/many");
    std::string big, cut;
    for (std::size_t i = 0; i < docs.size(); ++i) {
      const std::string line = testing::to_json_line(docs[i]) + "\n";
      if (i % 2 == 0) {
        big += line;
      } else if (i % 4 == 1) {
        cut += line;
      } else {
        char name[32];
        std::snprintf(name, sizeof name, "many/f%03zu.jsonl", i / 4 % 40);
        std::ofstream(dir + "/" + name, std::ios::app) << line;
      }
    }
    write_bytes(dir + "/big.jsonl", big);
    EXPECT_EQ(std::system(("gzip -f " + dir + "/big.jsonl").c_str()), 0);
    write_bytes(dir + "/cut.jsonl.zst", testing::zstd_frames(cut, 2000).bytes);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return docs.size();
}

TEST(PlanNames, EachRankNamesTheFilesItReads) {
  const std::string dir = shared_temp_dir() + "/mixed";
  const std::size_t docs = write_mixed_corpus(dir);
  MinhashOptions options = options_for({dir}, dir + "-out");
  options.split_bytes = 4096;
  const JobPlan plan = make_plan(MPI_COMM_WORLD, options, SplitSharing::kUnsplittable);
  const int rank = world_rank(), ranks = comm_size(MPI_COMM_WORLD);
  ASSERT_EQ(plan.files.size(), 42u);
  // What this rank reads, worked out from the splits.
  std::vector<char> reads(plan.files.size(), rank == 0 ? 1 : 0);
  bool any_walked = false;
  for (std::size_t s = 0; s < plan.splits.size(); ++s) {
    const std::uint32_t f = plan.splits[s].file;
    const bool walked = walks_frames(plan.files, f, options.split_bytes);
    any_walked = any_walked || walked;
    if (plan.owners[s] == rank || plan.is_shared(s) || walked) reads[f] = 1;
  }
  EXPECT_TRUE(any_walked);
  EXPECT_EQ(plan.shared.empty(), ranks == 1);
  std::size_t named = 0;
  for (std::size_t f = 0; f < plan.files.size(); ++f) {
    EXPECT_EQ(plan.files.is_named(f), reads[f] != 0) << "file " << f << " on rank " << rank;
    if (!plan.files.is_named(f)) {
      EXPECT_THROW(static_cast<void>(plan.files[f]), std::logic_error);
      continue;
    }
    ++named;
    // The name is this file's: its hash, size and format are those every rank holds.
    const InputFile& file = plan.files[f];
    EXPECT_EQ(path_hash(file.path), plan.files.path_hash_of(f)) << file.path;
    EXPECT_EQ(file.size, plan.files.size_of(f)) << file.path;
    EXPECT_TRUE(file.format == plan.files.format_of(f)) << file.path;
    EXPECT_EQ(file.size, fs::file_size(file.path)) << file.path;
  }
  EXPECT_EQ(named, plan.files.named_count());
  if (rank > 0) {
    EXPECT_LT(named, plan.files.size());  // the small files other ranks read are not here
  }
  // And the job runs on it, reading every document once.
  const JobSummary summary = run_minhash(MPI_COMM_WORLD, options);
  EXPECT_EQ(summary.docs_read, docs);
  EXPECT_GT(summary.docs_removed, 0u);
}

// Two roots holding a.txt and b.txt each: splits 0-3 in path order (r1/a, r1/b, r2/a, r2/b).
// The second a.txt and b.txt take their split's number, whichever rank writes them.
TEST(PlanNames, TextPartsThatClashTakeTheirSplit) {
  const std::string dir = shared_temp_dir() + "/clash";
  if (world_rank() == 0) {
    write_bytes(dir + "/r1/a.txt", "alpha beta gamma delta epsilon zeta eta theta iota");
    write_bytes(dir + "/r1/b.txt", "one two three four five six seven eight nine ten");
    write_bytes(dir + "/r2/a.txt", "red orange yellow green blue indigo violet black white");
    write_bytes(dir + "/r2/b.txt", "north south east west up down left right in out");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MinhashOptions options = options_for({dir + "/r1", dir + "/r2"}, dir + "/out");
  options.format = InputFormat::kText;
  const JobSummary summary = run_minhash(MPI_COMM_WORLD, options);
  EXPECT_EQ(summary.docs_removed, 0u);
  if (world_rank() != 0) return;
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir + "/out/deduped")) {
    names.insert(entry.path().filename().string());
  }
  EXPECT_EQ(names, (std::set<std::string>{"a.txt", "b.txt", "a.txt.2", "b.txt.3"}));
  std::ifstream second(dir + "/out/deduped/a.txt.2");
  std::string text;
  std::getline(second, text);
  EXPECT_EQ(text, "red orange yellow green blue indigo violet black white");
}

}  // namespace
}  // namespace neardup
