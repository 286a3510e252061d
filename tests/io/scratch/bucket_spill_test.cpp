// BucketSpill: every bucket's bytes back in the order appended, in memory or through the file.
#include "io/scratch/bucket_spill.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "io/io_error.hpp"

namespace neardup {
namespace {

std::string scratch(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("neardup_spill_" + name + "_" + std::to_string(::getpid())))
      .string();
}

// Appends random pieces to random buckets, taking some buckets back midway, and checks each
// bucket against a plain string of what was appended to it.
void check_against_strings(std::uint64_t memory_bytes, bool spills) {
  const std::string path = scratch("strings" + std::to_string(memory_bytes));
  constexpr std::size_t kBuckets = 7;
  std::vector<std::string> expected(kBuckets);
  std::mt19937_64 random(memory_bytes);
  {
    BucketSpill spill(path, kBuckets, memory_bytes);
    for (int i = 0; i < 3000; ++i) {
      const std::size_t bucket = random() % kBuckets;
      const std::string piece(random() % 40, static_cast<char>('a' + random() % 26));
      spill.append(bucket, piece);
      expected[bucket] += piece;
      ASSERT_EQ(spill.bytes(bucket), expected[bucket].size());
      if (i == 1500) {  // a bucket taken midway fills again
        EXPECT_EQ(spill.take(3), expected[3]);
        expected[3].clear();
        EXPECT_EQ(spill.bytes(3), 0u);
      }
    }
    EXPECT_EQ(spill.spilled(), spills);
    EXPECT_EQ(spill.spilled_bytes() > 0, spills);
    // The file is unlinked as soon as it is made: nothing to leave behind, whatever happens.
    EXPECT_FALSE(std::filesystem::exists(path + "." + std::to_string(::getpid())));
    for (std::size_t b = 0; b < kBuckets; ++b) EXPECT_EQ(spill.take(b), expected[b]) << b;
    EXPECT_EQ(spill.take(2), "");
  }
}

TEST(BucketSpill, BucketsThatFitStayInMemory) { check_against_strings(1 << 20, false); }

TEST(BucketSpill, BucketsPastTheBudgetComeBackWholeFromTheFile) {
  check_against_strings(64, true);
  check_against_strings(5000, true);
}

TEST(BucketSpill, ValuesComeBackAsValues) {
  struct Pair {
    std::uint64_t hash;
    std::uint32_t doc;
  };
  BucketSpill spill(scratch("values"), 2, 16);
  for (std::uint32_t i = 0; i < 100; ++i) spill.put(i % 2, Pair{i * 7ull, i});
  const std::string bytes = spill.take(1);
  ASSERT_EQ(bytes.size(), 50 * sizeof(Pair));
  std::vector<Pair> odd(50);
  std::memcpy(odd.data(), bytes.data(), bytes.size());
  for (std::uint32_t i = 0; i < 50; ++i) {
    EXPECT_EQ(odd[i].doc, 2 * i + 1);
    EXPECT_EQ(odd[i].hash, (2 * i + 1) * 7ull);
  }
}

TEST(BucketSpill, AFileThatCannotBeMadeIsAnErrorNamingIt) {
  BucketSpill spill("/nonexistent-dir/spill", 1, 4);
  try {
    spill.append(0, "more than four bytes");
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/spill: cannot create"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace neardup
