// release() frees a container's memory, where `items = {}` only clears it.
#include "core/release.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace neardup {
namespace {

// Only what release() promises is asserted; what `items = {}` keeps is the standard library's
// business (libstdc++ keeps the capacity, which is why release() exists).
TEST(Release, FreesTheMemory) {
  std::vector<int> numbers(1000, 7);
  release(numbers);
  EXPECT_TRUE(numbers.empty());
  EXPECT_EQ(numbers.capacity(), 0u);

  std::string text(1000, 'x');
  release(text);
  EXPECT_TRUE(text.empty());
  EXPECT_LT(text.capacity(), 1000u);
}

}  // namespace
}  // namespace neardup
