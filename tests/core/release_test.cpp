// release() frees a container's memory, where `items = {}` only clears it.
#include "core/release.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace neardup {
namespace {

TEST(Release, FreesWhatAssigningEmptyBracesKeeps) {
  std::vector<int> kept(1000, 7);
  kept = {};
  EXPECT_GE(kept.capacity(), 1000u);  // why release() exists

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
