// Exact Jaccard of sorted hash sets on hand-made sets.
#include "core/jaccard.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace neardup {
namespace {

TEST(Jaccard, HandMadeSets) {
  const std::vector<std::uint64_t> a = {1, 2, 3}, b = {2, 3, 4}, c = {7, 8}, empty;
  EXPECT_DOUBLE_EQ(exact_jaccard(a, a), 1.0);
  EXPECT_DOUBLE_EQ(exact_jaccard(a, b), 0.5);
  EXPECT_DOUBLE_EQ(exact_jaccard(a, c), 0.0);
  EXPECT_DOUBLE_EQ(exact_jaccard(a, empty), 0.0);
  EXPECT_DOUBLE_EQ(exact_jaccard(empty, empty), 0.0);
}

}  // namespace
}  // namespace neardup
