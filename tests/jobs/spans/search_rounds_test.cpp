// The search's buckets and owners: read from the bits of a k-gram hash that travel, apart from
// each other, and spread over every rank.
#include "jobs/spans/search_rounds.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>

namespace neardup {
namespace {

constexpr std::uint64_t kSent = (std::uint64_t{1} << 8 * kSearchHashBytes) - 1;

TEST(SearchRounds, BucketAndOwnerReadOnlyTheBitsThatTravel) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t hash = random();
    const int ranks = 1 + i % 17;
    EXPECT_EQ(fingerprint_owner(hash, ranks), fingerprint_owner(hash & kSent, ranks)) << hash;
    EXPECT_EQ(search_bucket(hash), search_bucket(hash & kSent));
  }
}

TEST(SearchRounds, OneBucketsHashesSpreadOverEveryRank) {
  // The hashes of bucket 5 that differ in bits 8-11 only (a 12-bit test mask): 16 of them,
  // which must reach 16 ranks, and at fewer ranks every rank.
  for (int ranks = 1; ranks <= 16; ++ranks) {
    std::set<int> owners;
    for (std::uint64_t high = 0; high < 16; ++high) {
      owners.insert(fingerprint_owner(high << 8 | 5, ranks));
    }
    EXPECT_EQ(owners.size(), static_cast<std::size_t>(ranks));
  }
  std::set<int> owners;  // bits 40-47 alone: the owner does not stop at bit 40
  for (std::uint64_t high = 0; high < 256; ++high) owners.insert(fingerprint_owner(high << 40, 7));
  EXPECT_EQ(owners.size(), 7u);
}

}  // namespace
}  // namespace neardup
