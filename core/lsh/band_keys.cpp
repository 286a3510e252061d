// Band keys: each LSH band of a signature hashed to one 64-bit key that also encodes the band.
#include "core/lsh/band_keys.hpp"

// Inlined: the hashed strings are short, and a library call costs as much as the hash.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace neardup {

std::uint64_t band_key(std::span<const SigValue> signature, BandLayout layout, unsigned band) {
  const SigValue* rows = signature.data() + static_cast<std::size_t>(band) * layout.rows;
  return XXH3_64bits_withSeed(rows, layout.rows * sizeof(SigValue), band);
}

void band_keys(std::span<const SigValue> signature, BandLayout layout,
               std::span<std::uint64_t> out) {
  for (unsigned band = 0; band < layout.bands; ++band)
    out[band] = band_key(signature, layout, band);
}

}  // namespace neardup
