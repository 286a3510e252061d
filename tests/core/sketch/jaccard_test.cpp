// Jaccard of sorted hash sets on hand-made sets: exact, and estimated from bottom-k sketches.
#include "core/sketch/jaccard.hpp"

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

// The estimate counted by hand: the k smallest of the union and which of them both sets hold.
TEST(Jaccard, BottomKSketches) {
  const std::vector<std::uint64_t> a = {1, 2, 3, 5, 8}, b = {2, 3, 4, 5, 9}, empty;
  EXPECT_DOUBLE_EQ(bottom_k_jaccard(a, b, 100), 3.0 / 7.0);  // union small: exact
  // k = 4: the union's 4 smallest are 1, 2, 3, 4; both hold 2 and 3.
  EXPECT_DOUBLE_EQ(bottom_k_jaccard({a.data(), 4}, {b.data(), 4}, 4), 0.5);
  // k = 2: 1 and 2, of which both hold 2.
  EXPECT_DOUBLE_EQ(bottom_k_jaccard({a.data(), 2}, {b.data(), 2}, 2), 0.5);
  EXPECT_DOUBLE_EQ(bottom_k_jaccard(a, a, 3), 1.0);
  EXPECT_DOUBLE_EQ(bottom_k_jaccard(a, empty, 3), 0.0);
  EXPECT_DOUBLE_EQ(bottom_k_jaccard(empty, empty, 3), 0.0);
}

}  // namespace
}  // namespace neardup
