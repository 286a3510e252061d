// Band keys: each LSH band of a signature hashed to one 64-bit key that also encodes the band.
#pragma once

#include <cstdint>
#include <span>

#include "core/lsh/lsh_params.hpp"
#include "core/sketch/minhash.hpp"

namespace neardup {

/// Writes one key per band into `out` (size layout.bands): key_j = XXH3_64bits_withSeed(rows of
/// band j, seed = j). Seeding by the band index makes keys of different bands differ, so
/// (band, band hash) fits in one 64-bit key; a rare cross-band collision only adds a candidate
/// that verification rejects.
void band_keys(std::span<const SigValue> signature, BandLayout layout,
               std::span<std::uint64_t> out);

/// The key of one band (out[band] of band_keys).
std::uint64_t band_key(std::span<const SigValue> signature, BandLayout layout, unsigned band);

}  // namespace neardup
