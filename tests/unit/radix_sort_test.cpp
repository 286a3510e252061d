// LSD radix sort: the same order as std::stable_sort by key, for several key widths.
#include "core/radix_sort.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace neardup {
namespace {

struct Item {
  std::uint64_t key;
  std::uint64_t payload;
  bool operator==(const Item&) const = default;
};

TEST(RadixSort, MatchesStableSortByKey) {
  std::mt19937_64 rng(1);
  for (const unsigned bits : {1u, 7u, 8u, 11u, 12u, 20u, 22u, 33u, 64u}) {
    for (const std::size_t n : {0u, 1u, 2u, 1000u, 100000u}) {
      std::vector<Item> items;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t key = bits == 64 ? rng() : rng() & ((1ull << bits) - 1);
        items.push_back({key % (n / 3 + 1) == 0 ? 0 : key, i});  // many equal keys
      }
      std::vector<Item> expected = items;
      std::stable_sort(expected.begin(), expected.end(),
                       [](const Item& x, const Item& y) { return x.key < y.key; });
      radix_sort(
          items, [](const Item& x) { return x.key; }, bits);
      ASSERT_TRUE(items == expected) << bits << " bits, " << n << " items";
    }
  }
}

}  // namespace
}  // namespace neardup
