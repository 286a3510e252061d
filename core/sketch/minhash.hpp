// MinHash signatures: P min-wise hash functions h_i(x) = a_i*x + b_i mod 2^64 over shingle hashes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/sketch/minhash_kernels.hpp"

namespace neardup {

/// One signature entry: the high 32 bits of the minimum of a_i*x + b_i (mod 2^64). Taking the
/// high half of the minimum equals the minimum of the high halves, so the min-wise property holds.
using SigValue = std::uint32_t;

/// The signature entry of an empty set; documents without shingles are never banded or matched.
inline constexpr SigValue kEmptySigValue = 0xFFFFFFFFu;

/// A family of `num_perm` hash functions h_i(x) = a_i * m(x) + b_i (mod 2^64), where m is
/// MurmurHash3's bijective fmix64 and a_i (odd) and b_i are 64-bit values drawn from
/// SplitMix64(seed). m scrambles structured inputs; each h_i is a bijection on 64-bit values,
/// so the element minimising h_i is uniform over the set: P[min h_i(A) = min h_i(B)] = J(A, B).
class MinHasher {
 public:
  /// Draws the family's coefficients; the same (num_perm, seed) always gives the same family,
  /// and every kernel gives the same signatures. `kernel` must be supported by this CPU.
  MinHasher(unsigned num_perm, std::uint64_t seed, MinhashKernel kernel = best_minhash_kernel());

  /// The kernel that computes the signatures.
  MinhashKernel kernel() const { return kernel_; }

  /// Number of hash functions (signature length).
  unsigned num_perm() const { return static_cast<unsigned>(multipliers_.size()); }

  /// Writes the signature of a shingle set into `out` (size num_perm()). An empty set gives
  /// kEmptySigValue everywhere.
  void sign(std::span<const std::uint64_t> shingles, std::span<SigValue> out) const;

 private:
  std::vector<std::uint64_t> multipliers_;
  std::vector<std::uint64_t> offsets_;
  MinhashKernel kernel_;
  MinhashKernelFn kernel_fn_;
};

/// Estimated Jaccard similarity: the fraction of positions where the signatures agree.
/// Both spans must have the same, non-zero length.
double estimate_jaccard(std::span<const SigValue> a, std::span<const SigValue> b);

/// Number of agreeing positions between two signatures of equal length.
unsigned agreeing_entries(std::span<const SigValue> a, std::span<const SigValue> b);

/// SplitMix64 step: advances `state` and returns the next well-mixed 64-bit value.
std::uint64_t splitmix64(std::uint64_t& state);

}  // namespace neardup
