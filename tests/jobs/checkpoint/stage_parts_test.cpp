// Stage parts written as a stream: read back where they lie, or whole by the loader any rank
// count uses; another part's identity and a part of a record are refused, and a file that
// cannot be made or written fails at the commit.
#include "jobs/checkpoint/stage_parts.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

struct Record {
  std::uint64_t value = 0;
  std::uint32_t tag = 0;
  std::uint32_t spare = 0;
  bool operator==(const Record&) const = default;
};

// This rank's own directory (every rank runs the tests on its own).
std::string rank_dir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("neardup_parts_" + name + "_" + std::to_string(::getpid()) +
                                   "_" + std::to_string(testing::world_rank()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

std::vector<Record> records_of(std::size_t count) {
  std::vector<Record> records;
  for (std::size_t i = 0; i < count; ++i) {
    records.push_back({i * i, static_cast<std::uint32_t>(i), 0});
  }
  return records;
}

std::vector<Record> read_all(const RecordsInFile& where) {
  std::vector<Record> out;
  FileRecords<Record> records(where, 7);
  for (const Record* r = records.next(); r != nullptr; r = records.next()) out.push_back(*r);
  return out;
}

// Writes `records` as part 1 of 3 of stage "cuts" of run "r1" in `dir`.
RecordsInFile write_part(const std::string& dir, const std::vector<Record>& records) {
  StagePartWriter part(stage_part_path(dir, "cuts", 1), {"r1", "cuts", 1, 3}, sizeof(Record),
                       SyncOnCommit::kNo);
  for (const Record& r : records) part.write(r);
  return part.commit();
}

TEST(StageParts, AStreamedPartReadsBackWhereItLiesAndWhole) {
  const std::string dir = rank_dir("streamed");
  for (const std::size_t count : {0, 1, 50'000}) {
    const std::vector<Record> records = records_of(count);
    const RecordsInFile written = write_part(dir, records);
    EXPECT_EQ(written.count, count);
    EXPECT_EQ(read_all(written), records);
    const RecordsInFile checked =
        check_stage_part(stage_part_path(dir, "cuts", 1), {"r1", "cuts", 1, 3}, sizeof(Record));
    EXPECT_EQ(checked.offset, written.offset);
    EXPECT_EQ(checked.count, count);
    // Rank 1 of 3 reads part 1 whole, as a resume by as many ranks would.
    EXPECT_EQ(load_stage_parts<Record>(dir, "r1", "cuts", 3, 1, 3), records);
  }
  fs::remove_all(dir);
}

TEST(StageParts, AnotherPartsIdentityIsRefused) {
  const std::string dir = rank_dir("identity");
  write_part(dir, records_of(10));
  const std::string path = stage_part_path(dir, "cuts", 1);
  for (const PartIdentity& other :
       {PartIdentity{"r2", "cuts", 1, 3}, PartIdentity{"r1", "facts", 1, 3},
        PartIdentity{"r1", "cuts", 0, 3}, PartIdentity{"r1", "cuts", 1, 4}}) {
    try {
      check_stage_part(path, other, sizeof(Record));
      ADD_FAILURE() << "another identity was taken: " << other.run_id << " " << other.stage;
    } catch (const IoError& e) {
      EXPECT_NE(
          std::string(e.what()).find(path + ": not this run's part (it says run=r1 stage=cuts "
                                            "part=1 parts=3"),
          std::string::npos)
          << e.what();
    }
  }
  fs::remove_all(dir);
}

TEST(StageParts, APartOfARecordIsRefused) {
  const std::string dir = rank_dir("partial");
  write_part(dir, records_of(10));
  const std::string path = stage_part_path(dir, "cuts", 1);
  EXPECT_EQ(check_stage_part(path, {"r1", "cuts", 1, 3}, 8).count, 20u);
  try {
    check_stage_part(path, {"r1", "cuts", 1, 3}, 3);
    ADD_FAILURE() << "160 bytes were taken as records of 3";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("holds a part of a record"), std::string::npos)
        << e.what();
  }
  StagePartWriter part(path, {"r1", "cuts", 1, 3}, sizeof(Record), SyncOnCommit::kNo);
  EXPECT_THROW(part.write(std::uint32_t{1}), std::logic_error);
  fs::remove_all(dir);
}

TEST(StageParts, AFileThatCannotBeMadeShowsAtTheCommit) {
  const std::string path = "/nonexistent-dir/cuts-00001.part";
  StagePartWriter part(path, {"r1", "cuts", 1, 3}, sizeof(Record), SyncOnCommit::kNo);
  for (const Record& r : records_of(10)) part.write(r);
  try {
    part.commit();
    ADD_FAILURE() << "a part that could not be made was committed";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST(StageParts, AWriteErrorShowsAtTheCommit) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string dir = rank_dir("full");
  const std::string path = stage_part_path(dir, "cuts", 1);
  fs::create_symlink("/dev/full", path + ".tmp");
  StagePartWriter part(path, {"r1", "cuts", 1, 3}, sizeof(Record), SyncOnCommit::kNo);
  for (const Record& r : records_of(200'000)) part.write(r);  // past the file's buffer
  try {
    part.commit();
    ADD_FAILURE() << "a full disk was not an error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace neardup
