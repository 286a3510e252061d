// Input stamps: each rank stamps the files it reads, rank 0 gathers the same stamps at every
// rank count, a change is found by the ranks reading the file, and stamps round-trip on disk.
#include "jobs/checkpoint/input_stamps.hpp"

#include <gtest/gtest.h>
#include <mpi.h>
#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

// Rank 0 writes a.jsonl (3,000 bytes, cut into three splits), b.jsonl and c.jsonl (the same
// 100 bytes) and d.jsonl (empty); every rank returns their plan, owners by bytes.
JobPlan four_files(const std::string& dir, int ranks) {
  const std::vector<std::pair<std::string, std::string>> contents = {
      {"a.jsonl", std::string(2999, 'a') + "\n"},
      {"b.jsonl", std::string(99, 'b') + "\n"},
      {"c.jsonl", std::string(99, 'b') + "\n"},
      {"d.jsonl", ""}};
  JobPlan plan;
  for (const auto& [name, text] : contents) {
    if (testing::world_rank() == 0) std::ofstream(dir + "/" + name) << text;
    plan.files.push_back({dir + "/" + name, text.size(), InputFormat::kJsonl, name});
  }
  MPI_Barrier(MPI_COMM_WORLD);
  plan.splits = {{0, 0, 1000}, {0, 1000, 2000}, {0, 2000, 3000},
                 {1, 0, 100},  {2, 0, 100},     {3, 0, 0}};
  plan.owners = assign_splits(plan.splits, ranks);
  return plan;
}

int world_size() {
  int ranks = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  return ranks;
}

std::int64_t mtime_of(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
}

TEST(InputStamps, ARankStampsOnlyTheFilesOfItsSplits) {
  const int rank = testing::world_rank();
  const JobPlan plan = four_files(testing::shared_temp_dir(), world_size());
  std::vector<std::uint32_t> want;
  for (std::size_t s = 0; s < plan.splits.size(); ++s) {
    const std::uint32_t file = plan.splits[s].file;
    if (plan.owners[s] == rank && (want.empty() || want.back() != file)) want.push_back(file);
  }
  const ReadStamps stamps(plan, rank);
  ASSERT_EQ(stamps.files(), want);
  for (std::size_t i = 0; i < want.size(); ++i) {
    const InputFile& file = plan.files[want[i]];
    const InputStamp& stamp = stamps.stamps()[i];
    EXPECT_EQ(stamp.path, file.path);
    EXPECT_EQ(stamp.size, file.size);
    EXPECT_EQ(stamp.mtime_ns, mtime_of(file.path));
    EXPECT_EQ(stamps.find(want[i]), &stamp);
  }
  for (std::uint32_t f = 0; f < plan.files.size(); ++f) {
    if (std::find(want.begin(), want.end(), f) == want.end()) {
      EXPECT_EQ(stamps.find(f), nullptr);
    }
  }
}

TEST(InputStamps, RankZeroGathersTheStampsOneRankWouldMake) {
  const JobPlan plan = four_files(testing::shared_temp_dir(), world_size());
  const std::vector<InputStamp> gathered =
      gather_input_stamps(MPI_COMM_WORLD, plan, ReadStamps(plan, testing::world_rank()));
  if (testing::world_rank() != 0) {
    EXPECT_TRUE(gathered.empty());
    return;
  }
  JobPlan alone = plan;
  alone.owners.assign(plan.splits.size(), 0);
  EXPECT_EQ(gathered, ReadStamps(alone, 0).stamps());
  ASSERT_EQ(gathered.size(), 4u);
  // b and c hold the same bytes; a's and d's differ.
  EXPECT_EQ(gathered[1].fingerprint, gathered[2].fingerprint);
  EXPECT_NE(gathered[0].fingerprint, gathered[1].fingerprint);
  EXPECT_NE(gathered[3].fingerprint, gathered[1].fingerprint);
}

TEST(InputStamps, AChangeIsFoundByTheRanksReadingTheFile) {
  const int rank = testing::world_rank();
  const JobPlan plan = four_files(testing::shared_temp_dir(), world_size());
  const ReadStamps stamps(plan, rank);
  EXPECT_EQ(stamps.changed(), "");
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) std::ofstream(plan.files[2].path, std::ios::app) << "more\n";
  MPI_Barrier(MPI_COMM_WORLD);
  const std::string changed = stamps.changed();
  if (stamps.find(2) == nullptr) {
    EXPECT_EQ(changed, "");
  } else {
    EXPECT_EQ(changed, plan.files[2].path +
                           ": changed while the job ran (100 bytes when planned, "
                           "now 105)");
  }
}

TEST(InputStamps, SavedStampsLoadBackAndAMismatchNamesTheFirstDifference) {
  const std::string dir = testing::shared_temp_dir();
  const std::vector<InputStamp> saved = {{"in/a.jsonl", 10, 5, 7}, {"in/b.jsonl", 20, 6, 8}};
  if (testing::world_rank() == 0) save_input_stamps(dir, saved);
  MPI_Barrier(MPI_COMM_WORLD);
  EXPECT_EQ(load_input_stamps(dir), saved);
  EXPECT_EQ(input_stamps_mismatch(saved, saved), "");
  std::vector<InputStamp> now = saved;
  now.push_back({"in/c.jsonl", 1, 1, 1});
  EXPECT_EQ(input_stamps_mismatch(saved, now),
            "input added since the run being resumed: in/c.jsonl");
  EXPECT_EQ(input_stamps_mismatch(now, saved),
            "input gone since the run being resumed: in/c.jsonl");
  now = saved;
  now[1].path = "in/B.jsonl";
  EXPECT_EQ(input_stamps_mismatch(saved, now),
            "inputs differ from the run being resumed: it read in/b.jsonl, this run reads "
            "in/B.jsonl");
  now = saved;
  now[0].size = 11;
  EXPECT_EQ(input_stamps_mismatch(saved, now),
            "input changed since the run being resumed: in/a.jsonl (10 bytes, now 11)");
  now = saved;
  now[1].fingerprint = 9;
  EXPECT_EQ(input_stamps_mismatch(saved, now),
            "input changed since the run being resumed: in/b.jsonl (modified)");
}

}  // namespace
}  // namespace neardup
