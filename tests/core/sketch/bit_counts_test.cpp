// Per-position bit counts: each kernel against a plain loop over the bits, at lengths around
// the byte counters' flush point, with skewed inputs that would overflow an unflushed counter.
#include "core/sketch/bit_counts.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace neardup {
namespace {

BitCounts plain_counts(const std::vector<std::uint64_t>& hashes) {
  BitCounts counts{};
  for (const std::uint64_t h : hashes) {
    for (unsigned bit = 0; bit < 64; ++bit) counts[bit] += (h >> bit) & 1;
  }
  return counts;
}

std::vector<std::vector<std::uint64_t>> inputs() {
  std::mt19937_64 rng(11);
  std::vector<std::vector<std::uint64_t>> all;
  for (const std::size_t n : {0, 1, 2, 3, 254, 255, 256, 257, 509, 510, 511, 1000, 4099}) {
    std::vector<std::uint64_t> random(n), ones(n, ~std::uint64_t{0}), sparse(n);
    for (std::size_t i = 0; i < n; ++i) {
      random[i] = rng();
      sparse[i] = (rng() & rng() & rng()) | (std::uint64_t{1} << (i % 64));
    }
    all.push_back(random);
    all.push_back(ones);  // every byte counter reaches 255 before each flush
    all.push_back(sparse);
  }
  return all;
}

TEST(BitCounts, ScalarEqualsPlainLoop) {
  for (const auto& hashes : inputs()) {
    BitCounts counts{};
    count_bits_scalar(hashes, counts);
    EXPECT_EQ(counts, plain_counts(hashes)) << hashes.size() << " hashes";
  }
}

TEST(BitCounts, Avx512EqualsPlainLoop) {
  if (!count_bits_avx512_supported()) GTEST_SKIP() << "no AVX-512BW on this CPU";
  for (const auto& hashes : inputs()) {
    BitCounts counts{};
    count_bits_avx512(hashes, counts);
    EXPECT_EQ(counts, plain_counts(hashes)) << hashes.size() << " hashes";
  }
}

TEST(BitCounts, AddsToExistingCounts) {
  const std::vector<std::uint64_t> hashes(300, 0x8000000000000001ull);
  BitCounts counts{};
  counts[0] = 7;
  count_bits(hashes, counts);
  EXPECT_EQ(counts[0], 307u);
  EXPECT_EQ(counts[63], 300u);
  EXPECT_EQ(counts[1], 0u);
}

}  // namespace
}  // namespace neardup
