// A bijective 64-bit mix (MurmurHash3's fmix64) and its inverse, for random-order vertex labels.
#pragma once

#include <cstdint>

namespace neardup {
namespace detail {

// Multiplicative inverse of an odd number modulo 2^64 by Newton's iteration.
constexpr std::uint64_t inverse_mod_2_64(std::uint64_t odd) {
  std::uint64_t x = odd;
  for (int i = 0; i < 6; ++i) x *= 2 - odd * x;
  return x;
}

inline constexpr std::uint64_t kMix1 = 0xff51afd7ed558ccdULL;
inline constexpr std::uint64_t kMix2 = 0xc4ceb9fe1a85ec53ULL;

}  // namespace detail

/// MurmurHash3's 64-bit finaliser: a bijection that scatters consecutive ids uniformly.
constexpr std::uint64_t mix_id(std::uint64_t k) {
  k ^= k >> 33;
  k *= detail::kMix1;
  k ^= k >> 33;
  k *= detail::kMix2;
  k ^= k >> 33;
  return k;
}

/// The inverse of mix_id: unmix_id(mix_id(k)) == k for every k.
constexpr std::uint64_t unmix_id(std::uint64_t k) {
  k ^= k >> 33;
  k *= detail::inverse_mod_2_64(detail::kMix2);
  k ^= k >> 33;
  k *= detail::inverse_mod_2_64(detail::kMix1);
  k ^= k >> 33;
  return k;
}

}  // namespace neardup
