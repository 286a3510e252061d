// 128-bit XXH3 hashes of byte strings, for identities where 64-bit collisions would matter.
#pragma once

#include <compare>
#include <cstdint>
#include <string_view>

namespace neardup {

/// A 128-bit hash, ordered by (high, low).
struct Hash128 {
  std::uint64_t high = 0;
  std::uint64_t low = 0;
  auto operator<=>(const Hash128&) const = default;
};

/// XXH3_128bits of the bytes (seed 0).
Hash128 hash128(std::string_view bytes);

}  // namespace neardup
