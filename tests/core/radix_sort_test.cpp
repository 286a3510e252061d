// Radix sorts: the LSD one gives the order of std::stable_sort by key, the nearly in-place one
// the same keys in the same order (items of equal keys in any order), for several key widths.
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

TEST(RadixSort, InPlaceSortsByKeyAndKeepsEveryItem) {
  std::mt19937_64 rng(2);
  const auto by_key_then_payload = [](const Item& x, const Item& y) {
    return x.key != y.key ? x.key < y.key : x.payload < y.payload;
  };
  for (const unsigned bits : {1u, 8u, 9u, 20u, 33u, 64u}) {
    for (const std::size_t n : {0u, 1u, 2u, 300u, 100000u}) {
      for (const bool skewed : {false, true}) {
        std::vector<Item> items;
        for (std::size_t i = 0; i < n; ++i) {
          std::uint64_t key = bits == 64 ? rng() : rng() & ((1ull << bits) - 1);
          if (skewed) key >>= bits / 2;  // most items in the first top-bits buckets
          items.push_back({key % (n / 3 + 1) == 0 ? 0 : key, i});
        }
        std::vector<Item> expected = items;
        std::sort(expected.begin(), expected.end(), by_key_then_payload);
        radix_sort_in_place(
            items, [](const Item& x) { return x.key; }, bits);
        ASSERT_TRUE(std::is_sorted(items.begin(), items.end(),
                                   [](const Item& x, const Item& y) { return x.key < y.key; }))
            << bits << " bits, " << n << " items";
        std::sort(items.begin(), items.end(), by_key_then_payload);
        ASSERT_TRUE(items == expected) << bits << " bits, " << n << " items";
      }
    }
  }
}

TEST(SortHashes, MatchesStdSortForEvenAndSkewedHashes) {
  std::mt19937_64 rng(11);
  std::vector<std::uint64_t> scratch;
  std::vector<std::uint32_t> bucket_ends;
  for (const std::size_t n : {0, 1, 2, 16, 17, 100, 1000, 4097, 30000}) {
    // Even hashes, hashes with repeats, and hashes sharing their top 40 bits (one bucket).
    for (const int shape : {0, 1, 2}) {
      std::vector<std::uint64_t> hashes(n);
      for (std::uint64_t& h : hashes) {
        h = rng();
        if (shape == 1) h %= n / 2 + 1;
        if (shape == 2) h = (0xABCDEF1234ull << 24) | (h & 0xFFFFFF);
      }
      std::vector<std::uint64_t> want = hashes;
      std::sort(want.begin(), want.end());
      sort_hashes(hashes, scratch, bucket_ends);
      EXPECT_EQ(hashes, want) << "n " << n << " shape " << shape;
    }
  }
}

}  // namespace
}  // namespace neardup
