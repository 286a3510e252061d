// Union-find over dense indices with path halving and union by smaller index.
#pragma once

#include <cstdint>
#include <numeric>
#include <vector>

namespace neardup {

/// Disjoint sets over 0..n-1. The representative of a set is always its smallest index, so
/// results do not depend on the order of unions.
class UnionFind {
 public:
  /// n singleton sets.
  explicit UnionFind(std::size_t n) : parent_(n) {
    std::iota(parent_.begin(), parent_.end(), std::size_t{0});
  }

  /// The smallest index in x's set.
  std::size_t find(std::size_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }

  /// Merges the sets of x and y.
  void unite(std::size_t x, std::size_t y) {
    x = find(x);
    y = find(y);
    if (x == y) return;
    if (x < y) {
      parent_[y] = x;
    } else {
      parent_[x] = y;
    }
  }

 private:
  std::vector<std::size_t> parent_;
};

}  // namespace neardup
