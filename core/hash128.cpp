// 128-bit XXH3 hashes of byte strings, for identities where 64-bit collisions would matter.
#include "core/hash128.hpp"

#include <xxhash.h>

namespace neardup {

Hash128 hash128(std::string_view bytes) {
  const XXH128_hash_t h = XXH3_128bits(bytes.data(), bytes.size());
  return {h.high64, h.low64};
}

}  // namespace neardup
