// Band keys: seeded XXH3 of each band, so a change in one band changes that key only.
#include "core/lsh/band_keys.hpp"

#include <gtest/gtest.h>
#include <xxhash.h>

#include <cstdint>
#include <vector>

namespace neardup {
namespace {

TEST(BandKeys, KeysAreSeededXxh3OfEachBand) {
  std::vector<SigValue> sig = {1, 2, 3, 1, 2, 3, 9, 9};
  std::vector<std::uint64_t> keys(4);
  band_keys(sig, {4, 2}, keys);
  for (unsigned j = 0; j < 4; ++j) {
    EXPECT_EQ(keys[j], XXH3_64bits_withSeed(sig.data() + 2 * j, 2 * sizeof(SigValue), j));
  }
  std::vector<SigValue> same = {3, 3, 3, 3};
  std::vector<std::uint64_t> two(2);
  band_keys(same, {2, 2}, two);
  EXPECT_NE(two[0], two[1]);  // equal rows in different bands give different keys
  const auto before = keys;
  sig[5] = 77;  // band 2 only
  band_keys(sig, {4, 2}, keys);
  EXPECT_EQ(keys[0], before[0]);
  EXPECT_EQ(keys[1], before[1]);
  EXPECT_NE(keys[2], before[2]);
  EXPECT_EQ(keys[3], before[3]);
}

}  // namespace
}  // namespace neardup
