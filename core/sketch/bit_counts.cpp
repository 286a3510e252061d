// Per-position one-bit counts of 64-bit hashes (SimHash's inner loop), scalar and AVX-512BW.
#include "core/sketch/bit_counts.hpp"

#include <immintrin.h>

#include <algorithm>

namespace neardup {
namespace {

// Byte counters overflow after 255 adds: both kernels flush to the 64-bit counts this often.
constexpr std::size_t kFlushEvery = 255;

// kSpread[b]: byte i is bit i of b, so adding kSpread of a hash's 8 bytes counts 8 bits at once.
constexpr std::array<std::uint64_t, 256> kSpread = [] {
  std::array<std::uint64_t, 256> table{};
  for (unsigned b = 0; b < 256; ++b) {
    for (unsigned i = 0; i < 8; ++i)
      table[b] |= static_cast<std::uint64_t>((b >> i) & 1) << (8 * i);
  }
  return table;
}();

}  // namespace

void count_bits_scalar(std::span<const std::uint64_t> hashes, BitCounts& counts) {
  for (std::size_t start = 0; start < hashes.size(); start += kFlushEvery) {
    const std::size_t end = std::min(hashes.size(), start + kFlushEvery);
    std::array<std::uint64_t, 8> lanes{};  // lanes[j] byte i counts bit 8 * j + i
    for (std::size_t n = start; n < end; ++n) {
      const std::uint64_t h = hashes[n];
      for (unsigned j = 0; j < 8; ++j) lanes[j] += kSpread[(h >> (8 * j)) & 0xFF];
    }
    for (unsigned j = 0; j < 8; ++j) {
      for (unsigned i = 0; i < 8; ++i) counts[8 * j + i] += (lanes[j] >> (8 * i)) & 0xFF;
    }
  }
}

bool count_bits_avx512_supported() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
}

[[gnu::target("avx512f,avx512bw")]] void count_bits_avx512(std::span<const std::uint64_t> hashes,
                                                           BitCounts& counts) {
  const __m512i one = _mm512_set1_epi8(1);
  for (std::size_t start = 0; start < hashes.size(); start += kFlushEvery) {
    const std::size_t end = std::min(hashes.size(), start + kFlushEvery);
    // Two accumulators, alternating, so consecutive masked adds do not wait on each other.
    __m512i even = _mm512_setzero_si512(), odd = _mm512_setzero_si512();
    std::size_t n = start;
    for (; n + 2 <= end; n += 2) {
      even = _mm512_mask_add_epi8(even, _cvtu64_mask64(hashes[n]), even, one);
      odd = _mm512_mask_add_epi8(odd, _cvtu64_mask64(hashes[n + 1]), odd, one);
    }
    if (n < end) even = _mm512_mask_add_epi8(even, _cvtu64_mask64(hashes[n]), even, one);
    // Byte i of either accumulator counts bit i; at most 255 adds in all, so the sum fits too.
    alignas(64) std::uint8_t bytes[64];
    _mm512_store_si512(bytes, _mm512_add_epi8(even, odd));
    for (unsigned i = 0; i < 64; ++i) counts[i] += bytes[i];
  }
}

void count_bits(std::span<const std::uint64_t> hashes, BitCounts& counts) {
  static const bool avx512 = count_bits_avx512_supported();
  if (avx512) {
    count_bits_avx512(hashes, counts);
  } else {
    count_bits_scalar(hashes, counts);
  }
}

}  // namespace neardup
