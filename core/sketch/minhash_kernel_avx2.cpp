// The AVX2 MinHash kernel: 64-bit products from three 32-bit multiplies on 4 lanes, and
// unsigned minima as signed minima of values offset by 2^63.
#include <immintrin.h>

#include "core/sketch/minhash_kernels.hpp"

namespace neardup {
namespace {

constexpr std::uint64_t kSignBit = 1ull << 63;
constexpr int kVectors = 4;  // 16 permutations per pass over the shingles

// Permutations [4 * v, 4 * v + 4) for v < kVectors; all lanes are used.
[[gnu::target("avx2"), gnu::always_inline]] inline void min_hash_block(const std::uint64_t* a,
                                                                       const std::uint64_t* b,
                                                                       const std::uint64_t* x,
                                                                       std::size_t n,
                                                                       std::uint32_t* out) {
  const __m256i sign = _mm256_set1_epi64x(static_cast<long long>(kSignBit));
  __m256i a_lo[kVectors], a_hi[kVectors], b_offset[kVectors], m[kVectors];
#pragma GCC unroll 4
  for (int v = 0; v < kVectors; ++v) {
    a_lo[v] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + 4 * v));
    a_hi[v] = _mm256_srli_epi64(a_lo[v], 32);
    // (t + 2^63) mod 2^64 = t ^ 2^63 turns the unsigned order into the signed one.
    b_offset[v] =
        _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + 4 * v)), sign);
    m[v] = _mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll);
  }
  for (std::size_t k = 0; k < n; ++k) {
    const __m256i x_lo = _mm256_set1_epi64x(static_cast<long long>(x[k]));
    const __m256i x_hi = _mm256_set1_epi64x(static_cast<long long>(x[k] >> 32));
#pragma GCC unroll 4
    for (int v = 0; v < kVectors; ++v) {
      // a * x mod 2^64 = a_lo x_lo + ((a_hi x_lo + a_lo x_hi) << 32)
      const __m256i cross =
          _mm256_add_epi64(_mm256_mul_epu32(a_hi[v], x_lo), _mm256_mul_epu32(a_lo[v], x_hi));
      const __m256i t = _mm256_add_epi64(
          _mm256_add_epi64(_mm256_mul_epu32(a_lo[v], x_lo), _mm256_slli_epi64(cross, 32)),
          b_offset[v]);
      m[v] = _mm256_blendv_epi8(m[v], t, _mm256_cmpgt_epi64(m[v], t));
    }
  }
#pragma GCC unroll 4
  for (int v = 0; v < kVectors; ++v) {
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), _mm256_xor_si256(m[v], sign));
    for (int l = 0; l < 4; ++l) out[4 * v + l] = static_cast<std::uint32_t>(lanes[l] >> 32);
  }
}

}  // namespace

[[gnu::target("avx2")]] void min_hash_avx2(const std::uint64_t* a, const std::uint64_t* b,
                                           std::size_t p, const std::uint64_t* x, std::size_t n,
                                           std::uint32_t* out) {
  constexpr std::size_t kBlock = 4 * kVectors;
  std::size_t i = 0;
  for (; i + kBlock <= p; i += kBlock) min_hash_block(a + i, b + i, x, n, out + i);
  if (i < p) min_hash_scalar(a + i, b + i, p - i, x, n, out + i);
}

}  // namespace neardup
