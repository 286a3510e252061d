// One permutation hashing with optimal densification (Li et al. 2012; Shrivastava 2017): one
// hash per shingle instead of one per permutation, for a signature used like MinHash's.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/minhash.hpp"

namespace neardup {

/// Signatures of `num_bins` entries from a single hash h(x) = fmix64(x + s) per shingle: the
/// high bits of h pick a bin, its low 32 bits are the value, and each bin keeps its minimum.
/// A bin no shingle fell into takes the value of the first non-empty bin met by a fixed
/// sequence of random probes of its own (optimal densification), so two documents agree in an
/// entry with probability J(A, B), like MinHash entries, and the signatures band and verify
/// the same way. Entries are less independent than MinHash's for very short documents (fewer
/// shingles than bins).
class OnePermutationHasher {
 public:
  /// The same (num_bins, seed) always gives the same function.
  OnePermutationHasher(unsigned num_bins, std::uint64_t seed);

  /// Number of entries of a signature.
  unsigned num_bins() const { return num_bins_; }

  /// Writes the signature of a shingle multiset into `out` (size num_bins()). An empty set
  /// gives kEmptySigValue everywhere.
  void sign(std::span<const std::uint64_t> shingles, std::span<SigValue> out) const;

 private:
  unsigned num_bins_;
  std::uint64_t offset_;      // s: the seed's offset added before mixing
  std::uint64_t probe_seed_;  // seeds the densification probes
};

}  // namespace neardup
