// hash128: XXH3-128 of the bytes, against values from the xxhsum tool (xxhsum -H2, an
// implementation outside this project), and ordered by (high, low).
#include "core/hash128.hpp"

#include <gtest/gtest.h>

#include <string>

namespace neardup {
namespace {

// xxhsum -H2 prints the 128-bit hash as 32 hex digits, high half first.
Hash128 from_xxhsum(const char* hex) {
  const std::string digits = hex;
  return {std::stoull(digits.substr(0, 16), nullptr, 16),
          std::stoull(digits.substr(16, 16), nullptr, 16)};
}

TEST(Hash128, MatchesTheXxhsumTool) {
  // printf '' | xxhsum -H2; printf 'abc' | xxhsum -H2; head -c 1000 /dev/zero | xxhsum -H2
  EXPECT_EQ(hash128(""), from_xxhsum("99aa06d3014798d86001c324468d497f"));
  EXPECT_EQ(hash128("abc"), from_xxhsum("06b05ab6733a618578af5f94892f3950"));
  EXPECT_EQ(hash128(std::string(1000, '\0')), from_xxhsum("3fb94aea6d09b97224c1ea6074dd588c"));
}

TEST(Hash128, OrderedByHighThenLow) {
  EXPECT_LT((Hash128{1, 9}), (Hash128{2, 0}));
  EXPECT_LT((Hash128{1, 1}), (Hash128{1, 2}));
  EXPECT_EQ((Hash128{3, 4}), (Hash128{3, 4}));
  EXPECT_NE(hash128("a"), hash128("b"));
}

}  // namespace
}  // namespace neardup
