// Per-position one-bit counts of 64-bit hashes (SimHash's inner loop), scalar and AVX-512BW.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace neardup {

/// For every bit position i < 64, how many of the hashes have bit i set.
using BitCounts = std::array<std::uint64_t, 64>;

/// Adds to counts[i] the number of hashes with bit i set, for every i. Runs
/// count_bits_avx512 when the CPU supports it, else count_bits_scalar; both give identical
/// counts.
void count_bits(std::span<const std::uint64_t> hashes, BitCounts& counts);

/// The portable kernel (see count_bits): 8 table lookups and adds per hash into byte lanes.
void count_bits_scalar(std::span<const std::uint64_t> hashes, BitCounts& counts);

/// Whether this CPU can run count_bits_avx512 (AVX-512F and BW).
bool count_bits_avx512_supported();

/// The AVX-512BW kernel (see count_bits): each hash is a 64-bit mask for one masked byte add;
/// call it only when count_bits_avx512_supported().
void count_bits_avx512(std::span<const std::uint64_t> hashes, BitCounts& counts);

}  // namespace neardup
