// FileRecords: the records of a stretch of a file, in order, whatever the buffer's size, one
// at a time or in batches, and a file that ends before them is an error naming it.
#include "io/read/file_records.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/io_error.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

struct Record {
  std::uint64_t value = 0;
  std::uint32_t tag = 0;
};

// A file of 5 bytes of header, then records 0..count-1 (value i * 7, tag i).
std::string write_records(std::size_t count) {
  const std::string path =
      (fs::temp_directory_path() / ("neardup_records_" + std::to_string(::getpid()))).string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << "head:";
  for (std::size_t i = 0; i < count; ++i) {
    const Record r{i * 7, static_cast<std::uint32_t>(i)};
    out.write(reinterpret_cast<const char*>(&r), sizeof r);
  }
  return path;
}

TEST(FileRecords, EveryRecordInOrderWhateverTheBuffer) {
  const std::string path = write_records(1000);
  for (const std::size_t buffer : {1, 3, 999, 1000, 1001, 5000}) {
    FileRecords<Record> records({path, 5, 1000}, buffer);
    std::uint64_t i = 0;
    for (const Record* r = records.next(); r != nullptr; r = records.next(), ++i) {
      ASSERT_EQ(r->value, i * 7) << "buffer " << buffer;
      ASSERT_EQ(r->tag, i) << "buffer " << buffer;
    }
    EXPECT_EQ(i, 1000u) << "buffer " << buffer;
    EXPECT_EQ(records.next(), nullptr);
  }
  fs::remove(path);
}

TEST(FileRecords, OnlyTheStretchNamed) {
  const std::string path = write_records(100);
  FileRecords<Record> records({path, 5 + 10 * sizeof(Record), 3}, 2);
  std::vector<std::uint32_t> tags;
  for (const Record* r = records.next(); r != nullptr; r = records.next()) tags.push_back(r->tag);
  EXPECT_EQ(tags, (std::vector<std::uint32_t>{10, 11, 12}));
  FileRecords<Record> none({path, 5, 0});
  EXPECT_EQ(none.next(), nullptr);
  fs::remove(path);
}

TEST(FileRecords, TakenInBatchesWithWhatIsLeft) {
  const std::string path = write_records(10);
  FileRecords<Record> records({path, 5, 10}, 3);
  std::vector<Record> batch;
  records.take(4, batch);
  EXPECT_EQ(batch.size(), 4u);
  EXPECT_EQ(records.left(), 6u);
  records.take(100, batch);  // fewer are left
  ASSERT_EQ(batch.size(), 10u);
  EXPECT_EQ(records.left(), 0u);
  for (std::uint32_t i = 0; i < 10; ++i) EXPECT_EQ(batch[i].tag, i);
  records.take(1, batch);
  EXPECT_EQ(batch.size(), 10u);
  fs::remove(path);
}

TEST(FileRecords, AFileShorterThanItsRecordsIsAnErrorNamingIt) {
  const std::string path = write_records(10);
  FileRecords<Record> records({path, 5, 11}, 4);
  try {
    while (records.next() != nullptr) {
    }
    ADD_FAILURE() << "a short file was not an error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  fs::remove(path);
  EXPECT_THROW(FileRecords<Record>({path, 0, 1}), IoError);
}

}  // namespace
}  // namespace neardup
