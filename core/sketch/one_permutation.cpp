// One permutation hashing with optimal densification: one hash per shingle, binned.
#include "core/sketch/one_permutation.hpp"

#include <emmintrin.h>

#include <algorithm>

#include "core/id_mix.hpp"

namespace neardup {
namespace {

// Minimum value per bin in the low 32 bits; 2^32 marks an empty bin.
constexpr std::uint64_t kEmptyBin = std::uint64_t{1} << 32;

// Signatures of at most this many bins also table, for every pair of bins, the first attempt
// of one that probes the other (num_bins^2 bytes).
constexpr std::size_t kMaxColumnBins = 1024;

constexpr std::uint8_t kNoAttempt = 0xFF;

// Bins whose first attempts are reduced together (a column's stride is a multiple of it).
constexpr std::size_t kColumnBlock = 128;

}  // namespace

OnePermutationHasher::OnePermutationHasher(unsigned num_bins, std::uint64_t seed)
    : num_bins_(num_bins) {
  std::uint64_t state = seed ^ 0x6F6E652D7065726DULL;  // "one-perm": apart from MinHash's
  offset_ = splitmix64(state);
  probe_seed_ = splitmix64(state);
  const std::size_t k = num_bins;
  probes_.resize(k * kTabledProbes);
  for (std::size_t bin = 0; bin < k; ++bin) {
    for (std::uint64_t attempt = 1; attempt <= kTabledProbes; ++attempt) {
      probes_[bin * kTabledProbes + attempt - 1] =
          static_cast<std::uint16_t>(hashed_probe(bin, attempt));
    }
  }
  if (k > kMaxColumnBins) return;
  stride_ = (k + kColumnBlock - 1) / kColumnBlock * kColumnBlock;
  first_attempt_.assign(k * stride_, kNoAttempt);
  for (std::size_t bin = 0; bin < k; ++bin) {
    for (std::size_t attempt = kTabledProbes; attempt >= 1; --attempt) {
      const std::size_t full = probes_[bin * kTabledProbes + attempt - 1];
      first_attempt_[full * stride_ + bin] = static_cast<std::uint8_t>(attempt);
    }
  }
}

std::size_t OnePermutationHasher::hashed_probe(std::size_t bin, std::uint64_t attempt) const {
  const std::uint64_t h = mix_id(probe_seed_ ^ (std::uint64_t{bin} << 32) ^ attempt);
  return static_cast<std::size_t>(((h >> 32) * num_bins_) >> 32);
}

std::uint64_t OnePermutationHasher::walk(std::span<const std::uint64_t> bins, std::size_t bin,
                                         std::uint64_t attempt) const {
  std::uint64_t value = kEmptyBin;
  for (; value == kEmptyBin && attempt <= kTabledProbes; ++attempt) {
    value = bins[probes_[bin * kTabledProbes + attempt - 1]];
  }
  for (; value == kEmptyBin; ++attempt) value = bins[hashed_probe(bin, attempt)];
  return value;
}

void OnePermutationHasher::densify_by_walking(std::span<const std::uint64_t> bins,
                                              std::span<SigValue> out) const {
  for (std::size_t bin = 0; bin < bins.size(); ++bin) {
    out[bin] = static_cast<SigValue>(bins[bin] != kEmptyBin ? bins[bin] : walk(bins, bin, 1));
  }
}

void OnePermutationHasher::densify_by_columns(std::span<const std::uint64_t> bins,
                                              std::span<const std::uint32_t> full,
                                              std::span<SigValue> out) const {
  thread_local std::vector<std::uint8_t> first_of;
  first_of.resize(stride_);
  std::uint8_t* first = first_of.data();
  // SSE2 (every x86-64 CPU has it), 128 bins at a time: their minima stay in eight registers
  // while the full bins' columns stream past.
  for (std::size_t block = 0; block < stride_; block += kColumnBlock) {
    __m128i minima[kColumnBlock / 16];
#pragma GCC unroll 8
    for (__m128i& m : minima) m = _mm_set1_epi8(static_cast<char>(kNoAttempt));
    for (const std::uint32_t f : full) {
      const auto* column =
          reinterpret_cast<const __m128i*>(first_attempt_.data() + f * stride_ + block);
#pragma GCC unroll 8
      for (std::size_t j = 0; j < kColumnBlock / 16; ++j) {
        minima[j] = _mm_min_epu8(minima[j], _mm_loadu_si128(column + j));
      }
    }
#pragma GCC unroll 8
    for (std::size_t j = 0; j < kColumnBlock / 16; ++j) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(first + block) + j, minima[j]);
    }
  }
  // Branch-free (which bins are empty is random): an empty bin takes its donor's value,
  // then the rare empty bin whose tabled probes all missed is walked further.
  bool missed = false;
  for (std::size_t bin = 0; bin < bins.size(); ++bin) {
    const bool empty = bins[bin] == kEmptyBin;
    const std::size_t attempt = (first[bin] - 1u) & (kTabledProbes - 1);
    const std::uint64_t donor = bins[probes_[bin * kTabledProbes + attempt]];
    out[bin] = static_cast<SigValue>(empty ? donor : bins[bin]);
    missed |= empty & (first[bin] == kNoAttempt);
  }
  if (!missed) return;
  for (std::size_t bin = 0; bin < bins.size(); ++bin) {
    if (bins[bin] == kEmptyBin && first[bin] == kNoAttempt) {
      out[bin] = static_cast<SigValue>(walk(bins, bin, kTabledProbes + 1));
    }
  }
}

void OnePermutationHasher::sign(std::span<const std::uint64_t> shingles,
                                std::span<SigValue> out) const {
  const std::size_t k = num_bins_;
  if (shingles.empty()) {
    std::fill(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(k), kEmptySigValue);
    return;
  }
  thread_local std::vector<std::uint64_t> bins;
  bins.assign(k, kEmptyBin);
  for (const std::uint64_t x : shingles) {
    const std::uint64_t h = mix_id(x + offset_);
    const std::size_t bin = static_cast<std::size_t>(((h >> 32) * k) >> 32);
    bins[bin] = std::min(bins[bin], h & 0xFFFFFFFFu);
  }
  // Optimal densification: an empty bin takes the value of the first non-empty bin its own
  // probe sequence meets, a sequence that depends on (seed, bin, attempt) only, the same for
  // every document, so agreement stays P = J.
  thread_local std::vector<std::uint32_t> full;
  full.clear();
  full.resize(k);
  std::size_t filled = 0;
  for (std::size_t bin = 0; bin < k; ++bin) {
    full[filled] = static_cast<std::uint32_t>(bin);
    filled += bins[bin] != kEmptyBin;
  }
  full.resize(filled);
  // Columns cost |full| * k / 64 wide minima; a walk costs about (k - |full|) * k / |full|
  // probes, each a likely branch miss: the columns win unless few bins are empty.
  if (!first_attempt_.empty() && 4 * full.size() < 3 * k) {
    densify_by_columns(bins, full, out);
  } else {
    densify_by_walking(bins, out);
  }
}

}  // namespace neardup
