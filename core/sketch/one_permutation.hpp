// One permutation hashing with optimal densification (Li et al. 2012; Shrivastava 2017): one
// hash per shingle instead of one per permutation, for a signature used like MinHash's.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/sketch/minhash.hpp"

namespace neardup {

/// Signatures of `num_bins` entries from a single hash h(x) = fmix64(x + s) per shingle: the
/// high bits of h pick a bin, its low 32 bits are the value, and each bin keeps its minimum.
/// A bin no shingle fell into takes the value of the first non-empty bin met by a fixed
/// sequence of random probes of its own (optimal densification), so two documents agree in an
/// entry with probability J(A, B), like MinHash entries, and the signatures band and verify
/// the same way. Entries are less independent than MinHash's for very short documents (fewer
/// shingles than bins). The first probes of every bin are tabled at construction, so that
/// densifying a short document costs table look-ups and byte minima, not hashing.
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
  // The bin that attempt `attempt` (from 1) of bin `bin`'s densification probes, hashed.
  std::size_t hashed_probe(std::size_t bin, std::uint64_t attempt) const;

  // The value of the first non-empty bin of `bins` that `bin`'s probes meet from `attempt` on.
  std::uint64_t walk(std::span<const std::uint64_t> bins, std::size_t bin,
                     std::uint64_t attempt) const;

  // Writes each bin's value or, for an empty one, its densified value into `out`, probing
  // each empty bin's sequence in turn.
  void densify_by_walking(std::span<const std::uint64_t> bins, std::span<SigValue> out) const;

  // As densify_by_walking, from the first tabled attempt that meets one of `full` (the
  // non-empty bins): a byte minimum over their columns of first_attempt_, then a walk for a
  // bin whose tabled probes meet none.
  void densify_by_columns(std::span<const std::uint64_t> bins, std::span<const std::uint32_t> full,
                          std::span<SigValue> out) const;

  // Probes tabled per bin (attempts 1 .. 64; a power of two, masked as an index).
  static constexpr std::size_t kTabledProbes = 64;

  unsigned num_bins_;
  std::uint64_t offset_;                     // s: the seed's offset added before mixing
  std::uint64_t probe_seed_;                 // seeds the densification probes
  std::vector<std::uint16_t> probes_;        // [bin * kTabledProbes + attempt - 1]: probed bin
  std::vector<std::uint8_t> first_attempt_;  // [full * stride_ + bin]: first attempt, or 255
  std::size_t stride_ = 0;                   // num_bins rounded up to 128
};

}  // namespace neardup
