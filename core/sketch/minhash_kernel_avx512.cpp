// The AVX-512 MinHash kernel: 64-bit multiplies (vpmullq) and unsigned minima on 8 lanes.
#include <immintrin.h>

#include "core/sketch/minhash_kernels.hpp"

namespace neardup {
namespace {

// Permutations [8 * v, 8 * v + 8) of a block of V vectors; the last vector takes `tail` lanes.
template <std::size_t V>
[[gnu::target("avx512f,avx512dq"), gnu::always_inline]] inline void min_hash_block(
    const std::uint64_t* a, const std::uint64_t* b, const std::uint64_t* x, std::size_t n,
    std::uint32_t* out, __mmask8 tail) {
  __m512i av[V], bv[V], mv[V];
#pragma GCC unroll 8
  for (std::size_t v = 0; v < V; ++v) {
    const __mmask8 lanes = v == V - 1 ? tail : 0xFF;
    av[v] = _mm512_maskz_loadu_epi64(lanes, a + 8 * v);
    bv[v] = _mm512_maskz_loadu_epi64(lanes, b + 8 * v);
    mv[v] = _mm512_set1_epi64(-1);
  }
  for (std::size_t k = 0; k < n; ++k) {
    const __m512i xv = _mm512_set1_epi64(static_cast<long long>(x[k]));
#pragma GCC unroll 8
    for (std::size_t v = 0; v < V; ++v) {
      // The zero-masked forms: GCC 12 warns that the unmasked ones read an undefined value.
      mv[v] = _mm512_maskz_min_epu64(0xFF, mv[v],
                                     _mm512_add_epi64(_mm512_mullo_epi64(av[v], xv), bv[v]));
    }
  }
#pragma GCC unroll 8
  for (std::size_t v = 0; v < V; ++v) {
    const __mmask8 lanes = v == V - 1 ? tail : 0xFF;
    _mm512_mask_cvtepi64_storeu_epi32(out + 8 * v, lanes, _mm512_maskz_srli_epi64(0xFF, mv[v], 32));
  }
}

}  // namespace

[[gnu::target("avx512f,avx512dq")]] void min_hash_avx512(const std::uint64_t* a,
                                                         const std::uint64_t* b, std::size_t p,
                                                         const std::uint64_t* x, std::size_t n,
                                                         std::uint32_t* out) {
  // 64 permutations per pass over the shingles: 8 independent vector chains hide the
  // multiply latency, and 24 of the 32 registers hold the coefficients and minima.
  std::size_t i = 0;
  for (; i + 64 <= p; i += 64) min_hash_block<8>(a + i, b + i, x, n, out + i, 0xFF);
  const std::size_t rest = p - i;
  if (rest == 0) return;
  const __mmask8 tail =
      rest % 8 == 0 ? __mmask8{0xFF} : static_cast<__mmask8>((1u << (rest % 8)) - 1);
  switch ((rest + 7) / 8) {
    case 1:
      return min_hash_block<1>(a + i, b + i, x, n, out + i, tail);
    case 2:
      return min_hash_block<2>(a + i, b + i, x, n, out + i, tail);
    case 3:
      return min_hash_block<3>(a + i, b + i, x, n, out + i, tail);
    case 4:
      return min_hash_block<4>(a + i, b + i, x, n, out + i, tail);
    case 5:
      return min_hash_block<5>(a + i, b + i, x, n, out + i, tail);
    case 6:
      return min_hash_block<6>(a + i, b + i, x, n, out + i, tail);
    case 7:
      return min_hash_block<7>(a + i, b + i, x, n, out + i, tail);
    default:
      return min_hash_block<8>(a + i, b + i, x, n, out + i, tail);
  }
}

}  // namespace neardup
