// Grouping sorted fingerprints: the first of each group of equal windows, the others its copies.
#include "core/spans/window_groups.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

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

TEST(WindowGroups, UnitsRepeatOnlyInEnoughDocuments) {
  using Kind = WindowFact::Kind;
  // Hash 7: twice in document 1 only; hash 9: in documents 2, 2 and 5.
  const std::vector<Fingerprint> sorted = {{7, 1, 3}, {7, 1, 8}, {9, 2, 0}, {9, 2, 4}, {9, 5, 1}};
  const std::vector<WindowFact> two_docs = window_facts(sorted, 2);
  EXPECT_EQ(two_docs[0], WindowFact{});
  EXPECT_EQ(two_docs[1], WindowFact{});
  EXPECT_EQ(two_docs[2], (WindowFact{Kind::kFirst, 2, 4}));
  EXPECT_EQ(two_docs[3], (WindowFact{Kind::kCopy, 2, 0}));
  EXPECT_EQ(two_docs[4], (WindowFact{Kind::kCopy, 2, 0}));
  EXPECT_EQ(window_facts(sorted, 3)[2], WindowFact{});
  EXPECT_EQ(window_facts(sorted, 1)[1], (WindowFact{Kind::kCopy, 1, 3}));
}

}  // namespace
}  // namespace neardup
