// SortedRuns: records added in any order come back in order, whether they stayed in memory or
// went to the file as many runs, whatever the read buffer; a file that cannot be made is an
// error naming it.
#include "io/scratch/sorted_runs.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "io/io_error.hpp"

namespace neardup {
namespace {

struct Item {
  std::uint32_t key = 0;
  std::uint32_t serial = 0;  // tells equal keys apart
  bool operator==(const Item&) const = default;
};

constexpr auto by_key_then_serial = [](const Item& a, const Item& b) {
  return a.key != b.key ? a.key < b.key : a.serial < b.serial;
};

using ItemRuns = SortedRuns<Item, decltype(by_key_then_serial)>;

std::string scratch() {
  return (std::filesystem::temp_directory_path() /
          ("neardup_sorted_runs_" + std::to_string(::getpid())))
      .string();
}

// `count` items of keys below `keys` (many repeats when keys is small), in random order.
std::vector<Item> random_items(std::size_t count, std::uint32_t keys) {
  std::mt19937 random(11);
  std::vector<Item> items;
  for (std::uint32_t i = 0; i < count; ++i)
    items.push_back({static_cast<std::uint32_t>(random() % keys), i});
  return items;
}

std::vector<Item> read_all(ItemRuns& runs, std::uint64_t buffer_bytes) {
  std::vector<Item> out;
  ItemRuns::Reader reader = runs.read(buffer_bytes);
  for (const Item* item = reader.next(); item != nullptr; item = reader.next()) {
    out.push_back(*item);
  }
  EXPECT_EQ(reader.next(), nullptr);
  return out;
}

// Adds `items` to runs of `memory_bytes` and reads them back with `buffer_bytes`.
void check_sorted(const std::vector<Item>& items, std::uint64_t memory_bytes,
                  std::uint64_t buffer_bytes, bool spilled) {
  ItemRuns runs(scratch(), memory_bytes);
  for (const Item& item : items) runs.add(item);
  EXPECT_EQ(runs.size(), items.size());
  EXPECT_EQ(runs.spilled_bytes() > 0, spilled);
  std::vector<Item> expected = items;
  std::sort(expected.begin(), expected.end(), by_key_then_serial);
  EXPECT_EQ(read_all(runs, buffer_bytes), expected)
      << "memory " << memory_bytes << ", buffer " << buffer_bytes;
}

TEST(SortedRuns, RecordsThatFitStayInMemory) {
  check_sorted(random_items(10'000, 1'000), 1 << 20, 1 << 16, false);
  check_sorted({}, 1 << 20, 1 << 16, false);
}

TEST(SortedRuns, ManyRunsMergeInOrderWhateverTheBuffer) {
  const std::vector<Item> items = random_items(100'000, 5'000);
  for (const std::uint64_t memory : {4096, 100'000}) {  // runs of 512 and 12,500 records
    for (const std::uint64_t buffer : {0, 8, 1 << 20}) {
      check_sorted(items, memory, buffer, true);
    }
  }
  check_sorted(random_items(2'000, 500), 8, 0, true);  // a run a record
}

TEST(SortedRuns, FullGenerationsAreMergedAsTheyFill) {
  // Runs of one record: 5,000 spilled; 78 merges of 64 into generation 1 (4,992 records
  // written again); one merge of 64 of those into generation 2 (4,096 more).
  const std::vector<Item> items = random_items(5'000, 100'000);
  ItemRuns runs(scratch(), sizeof(Item));
  for (const Item& item : items) runs.add(item);
  EXPECT_EQ(runs.spilled_bytes(), (5'000u + 4'992u + 4'096u) * sizeof(Item));
  std::vector<Item> expected = items;
  std::sort(expected.begin(), expected.end(), by_key_then_serial);
  EXPECT_EQ(read_all(runs, 1 << 16), expected);
}

TEST(SortedRuns, RepeatedKeysAllComeBack) {
  check_sorted(random_items(50'000, 3), 1'000, 4096, true);
}

TEST(SortedRuns, AFileThatCannotBeMadeIsAnErrorNamingIt) {
  ItemRuns runs("/nonexistent-dir/runs", sizeof(Item));
  try {
    runs.add({1, 1});
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/runs: cannot create"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace neardup
