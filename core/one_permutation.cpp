// One permutation hashing with optimal densification: one hash per shingle, binned.
#include "core/one_permutation.hpp"

#include <algorithm>

#include "core/id_mix.hpp"

namespace neardup {

OnePermutationHasher::OnePermutationHasher(unsigned num_bins, std::uint64_t seed)
    : num_bins_(num_bins) {
  std::uint64_t state = seed ^ 0x6F6E652D7065726DULL;  // "one-perm": apart from MinHash's
  offset_ = splitmix64(state);
  probe_seed_ = splitmix64(state);
}

void OnePermutationHasher::sign(std::span<const std::uint64_t> shingles,
                                std::span<SigValue> out) const {
  const std::size_t k = num_bins_;
  if (shingles.empty()) {
    std::fill(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(k), kEmptySigValue);
    return;
  }
  // Minimum value per bin in the low 32 bits; 2^32 marks an empty bin.
  constexpr std::uint64_t kEmpty = std::uint64_t{1} << 32;
  thread_local std::vector<std::uint64_t> bins;
  bins.assign(k, kEmpty);
  for (const std::uint64_t x : shingles) {
    const std::uint64_t h = mix_id(x + offset_);
    const std::size_t bin = static_cast<std::size_t>(((h >> 32) * k) >> 32);
    bins[bin] = std::min(bins[bin], h & 0xFFFFFFFFu);
  }
  for (std::size_t i = 0; i < k; ++i) {
    std::uint64_t value = bins[i];
    // Optimal densification: probe bins by a sequence that depends on (seed, i, attempt) only,
    // until a non-empty one; the same for every document, so agreement stays P = J.
    for (std::uint64_t attempt = 1; value == kEmpty; ++attempt) {
      const std::uint64_t probe = mix_id(probe_seed_ ^ (i << 32) ^ attempt);
      value = bins[static_cast<std::size_t>(((probe >> 32) * k) >> 32)];
    }
    out[i] = static_cast<SigValue>(value);
  }
}

}  // namespace neardup
