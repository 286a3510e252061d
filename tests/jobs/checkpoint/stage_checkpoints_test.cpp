// A streamed stage (checkpointed_stream): saved by some ranks, its records come back to a
// resume by as many ranks where they lie, and to a resume by another number sent to their
// owners in many small batches, each rank's sorted; a part out of order is redistributed too.
#include "jobs/checkpoint/stage_checkpoints.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

struct Record {
  std::uint64_t key = 0;
  std::uint64_t value = 0;
};

constexpr auto by_key = [](const Record& a, const Record& b) { return a.key < b.key; };
constexpr std::uint64_t kKeys = 5000;

// The ranks of MPI_COMM_WORLD below `ranks` (MPI_COMM_NULL on the others).
MPI_Comm first_ranks(int ranks) {
  MPI_Comm comm = MPI_COMM_NULL;
  const int rank = testing::world_rank();
  MPI_Comm_split(MPI_COMM_WORLD, rank < ranks ? 0 : MPI_UNDEFINED, rank, &comm);
  return comm;
}

// The stage "numbers" of a run in `dir` on `comm`: computed (the keys this rank owns, key %
// ranks, in `order`), or loaded when `resume`. Returns this rank's records as read back.
std::vector<Record> numbers(MPI_Comm comm, const std::string& dir, bool resume,
                            std::uint64_t shuffle_bytes, bool shuffled = false) {
  JobOptions options;
  options.output = dir;
  options.shuffle_bytes = shuffle_bytes;
  if (resume) options.resume = dir;
  Exchanger exchanger(comm, shuffle_bytes);
  StageCheckpoints checkpoints(exchanger, options);
  RunManifest now;
  now.job = "test";
  now.parameters = "numbers";
  checkpoints.open(now, true);
  const int ranks = exchanger.size(), rank = exchanger.rank();
  bool computed = false;
  const RecordsInFile where = checkpoints.checkpointed_stream<Record>(
      "numbers", dir + "/scratch-" + std::to_string(rank),
      [&](const Record& r) { return static_cast<int>(r.key % static_cast<std::uint64_t>(ranks)); },
      by_key,
      [&](StagePartWriter& writer) {
        computed = true;
        std::vector<Record> own;
        for (std::uint64_t k = static_cast<std::uint64_t>(rank); k < kKeys;
             k += static_cast<std::uint64_t>(ranks)) {
          own.push_back({k, k * 3});
        }
        if (shuffled) std::reverse(own.begin(), own.end());  // a part out of order
        for (const Record& r : own) writer.write(r);
      },
      [](const RunManifest&) {}, [](RunManifest&) {});
  EXPECT_EQ(computed, !resume);
  std::vector<Record> out;
  FileRecords<Record> records(where);
  for (const Record* r = records.next(); r != nullptr; r = records.next()) out.push_back(*r);
  return out;
}

// Every key this rank owns among `ranks`, once, in order, with its value.
void expect_own(const std::vector<Record>& records, int rank, int ranks) {
  std::vector<std::uint64_t> keys;
  for (const Record& r : records) {
    EXPECT_EQ(r.value, r.key * 3);
    keys.push_back(r.key);
  }
  std::vector<std::uint64_t> expected;
  for (std::uint64_t k = static_cast<std::uint64_t>(rank); k < kKeys;
       k += static_cast<std::uint64_t>(ranks)) {
    expected.push_back(k);
  }
  EXPECT_EQ(keys, expected) << "rank " << rank << " of " << ranks;
}

TEST(StreamedStage, ResumedByAsManyRanksOrAnotherNumber) {
  const int world = [] {
    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
  }();
  const int writers = world > 1 ? world - 1 : 1;
  const std::string dir = testing::shared_temp_dir();
  MPI_Comm some = first_ranks(writers);
  const int rank = testing::world_rank();
  if (some != MPI_COMM_NULL) {
    expect_own(numbers(some, dir, false, 64 << 20), rank, writers);
    expect_own(numbers(some, dir, true, 64 << 20), rank, writers);  // where it lies
  }
  // 64 bytes a batch: four records; sorted runs of a record.
  expect_own(numbers(MPI_COMM_WORLD, dir, true, 64), rank, world);
  if (some != MPI_COMM_NULL) MPI_Comm_free(&some);
}

TEST(StreamedStage, APartOutOfOrderIsRedistributed) {
  const std::string dir = testing::shared_temp_dir();
  int world = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  numbers(MPI_COMM_WORLD, dir, false, 64 << 20, true);
  expect_own(numbers(MPI_COMM_WORLD, dir, true, 1024), testing::world_rank(), world);
}

}  // namespace
}  // namespace neardup
