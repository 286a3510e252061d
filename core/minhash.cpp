// MinHash signatures: P min-wise hash functions h_i(x) = a_i*x + b_i mod 2^64 over shingle hashes.
#include "core/minhash.hpp"

#include <algorithm>
#include <limits>

namespace neardup {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

MinHasher::MinHasher(unsigned num_perm, std::uint64_t seed)
    : multipliers_(num_perm), offsets_(num_perm) {
  std::uint64_t state = seed;
  for (unsigned i = 0; i < num_perm; ++i) {
    multipliers_[i] = splitmix64(state) | 1u;
    offsets_[i] = splitmix64(state);
  }
}

void MinHasher::sign(std::span<const std::uint64_t> shingles, std::span<SigValue> out) const {
  const std::size_t p = multipliers_.size();
  if (shingles.empty()) {
    std::fill(out.begin(), out.begin() + p, kEmptySigValue);
    return;
  }
  constexpr std::size_t kBlock = 64;
  std::uint64_t mins[kBlock];
  const std::uint64_t* a = multipliers_.data();
  const std::uint64_t* b = offsets_.data();
  for (std::size_t base = 0; base < p; base += kBlock) {
    const std::size_t width = std::min(kBlock, p - base);
    std::fill(mins, mins + width, std::numeric_limits<std::uint64_t>::max());
    for (const std::uint64_t x : shingles) {
      for (std::size_t i = 0; i < width; ++i) {
        mins[i] = std::min(mins[i], a[base + i] * x + b[base + i]);
      }
    }
    for (std::size_t i = 0; i < width; ++i) out[base + i] = static_cast<SigValue>(mins[i] >> 32);
  }
}

unsigned agreeing_entries(std::span<const SigValue> a, std::span<const SigValue> b) {
  unsigned equal = 0;
  for (std::size_t i = 0; i < a.size(); ++i) equal += a[i] == b[i];
  return equal;
}

double estimate_jaccard(std::span<const SigValue> a, std::span<const SigValue> b) {
  return static_cast<double>(agreeing_entries(a, b)) / static_cast<double>(a.size());
}

}  // namespace neardup
