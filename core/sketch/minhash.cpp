// MinHash signatures: P min-wise hash functions h_i(x) = a_i*x + b_i mod 2^64 over shingle hashes.
#include "core/sketch/minhash.hpp"

#include <algorithm>

#include "core/id_mix.hpp"

namespace neardup {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

MinHasher::MinHasher(unsigned num_perm, std::uint64_t seed, MinhashKernel kernel)
    : multipliers_(num_perm),
      offsets_(num_perm),
      kernel_(kernel),
      kernel_fn_(minhash_kernel_fn(kernel)) {
  std::uint64_t state = seed;
  for (unsigned i = 0; i < num_perm; ++i) {
    multipliers_[i] = splitmix64(state) | 1u;
    offsets_[i] = splitmix64(state);
  }
}

void MinHasher::sign(std::span<const std::uint64_t> shingles, std::span<SigValue> out) const {
  const std::size_t p = multipliers_.size();
  if (shingles.empty()) {
    std::fill_n(out.begin(), p, kEmptySigValue);
    return;
  }
  // Scramble every element once with a bijective mixer: the linear maps are only min-wise on
  // unstructured values, and structured inputs (runs of integers) would bias them.
  thread_local std::vector<std::uint64_t> mixed;
  mixed.resize(shingles.size());
  for (std::size_t k = 0; k < shingles.size(); ++k) mixed[k] = mix_id(shingles[k]);
  kernel_fn_(multipliers_.data(), offsets_.data(), p, mixed.data(), mixed.size(), out.data());
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
