// Union-find: the representative of a set is its smallest index.
#include "core/graph/union_find.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(UnionFind, RepresentativeIsTheSmallestIndex) {
  UnionFind sets(10);
  sets.unite(7, 9);
  sets.unite(9, 4);
  sets.unite(2, 3);
  EXPECT_EQ(sets.find(7), 4u);
  EXPECT_EQ(sets.find(9), 4u);
  EXPECT_EQ(sets.find(3), 2u);
  EXPECT_EQ(sets.find(5), 5u);
  sets.unite(3, 9);
  EXPECT_EQ(sets.find(7), 2u);
}

}  // namespace
}  // namespace neardup
