// Grouping sorted fingerprints: shared hashes, and the first of each group of equal windows.
#include "core/spans/window_groups.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(WindowGroups, SharedHashesAreThoseSeenTwice) {
  const std::vector<Fingerprint> sorted = {{1, 5, 0}, {2, 0, 3}, {2, 7, 1}, {3, 1, 1}};
  EXPECT_EQ(shared_hashes(sorted), (std::vector<bool>{false, true, true, false}));
  EXPECT_TRUE(shared_hashes({}).empty());
}

TEST(WindowGroups, TheFirstOfEqualWindowsIsKeptTheOthersCopyIt) {
  using Kind = WindowFact::Kind;
  const std::vector<Fingerprint> sorted = {{4, 2, 9}, {7, 1, 3}, {7, 1, 8}, {7, 6, 0}, {9, 0, 0}};
  const std::vector<WindowFact> facts = window_facts(sorted);
  ASSERT_EQ(facts.size(), 5u);
  EXPECT_EQ(facts[0], WindowFact{});
  EXPECT_EQ(facts[1], (WindowFact{Kind::kFirst, 1, 8}));
  EXPECT_EQ(facts[2], (WindowFact{Kind::kCopy, 1, 3}));
  EXPECT_EQ(facts[3], (WindowFact{Kind::kCopy, 1, 3}));
  EXPECT_EQ(facts[4], WindowFact{});
}

}  // namespace
}  // namespace neardup
