// mix_id: a bijection of document ids that spreads consecutive ids over ranks.
#include "core/id_mix.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>

namespace neardup {
namespace {

TEST(IdMix, IsABijectionThatSpreads) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t x = rng();
    ASSERT_EQ(unmix_id(mix_id(x)), x);
  }
  for (std::uint64_t x : {0ull, 1ull, ~0ull}) EXPECT_EQ(unmix_id(mix_id(x)), x);
  EXPECT_NE(mix_id(1), 1u);
  std::set<std::uint64_t> low_bits;
  for (std::uint64_t x = 0; x < 1024; ++x) low_bits.insert(mix_id(x) % 64);
  EXPECT_GT(low_bits.size(), 60u);
}

}  // namespace
}  // namespace neardup
