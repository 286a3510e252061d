// Key tables: sorted by (key, doc) in place, and prefix ranges against a linear scan.
#include "core/key_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace neardup {
namespace {

TEST(KeyTable, SortsByKeyThenDoc) {
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> keys;
  std::vector<std::uint32_t> docs;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> expected;
  for (std::uint32_t i = 0; i < 5000; ++i) {
    keys.push_back(rng() % 300 << 50);  // many equal keys
    docs.push_back(static_cast<std::uint32_t>(rng() % 100000));
    expected.emplace_back(keys.back(), docs.back());
  }
  EXPECT_FALSE(is_key_table_sorted({keys, docs}));
  sort_key_table(keys, docs);
  std::sort(expected.begin(), expected.end());
  ASSERT_EQ(keys.size(), expected.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    ASSERT_EQ(keys[i], expected[i].first) << i;
    ASSERT_EQ(docs[i], expected[i].second) << i;
  }
  EXPECT_TRUE(is_key_table_sorted({keys, docs}));
}

TEST(KeyTable, PrefixRangeIsEveryEntrySharingTheTopBits) {
  std::mt19937_64 rng(8);
  std::vector<std::uint64_t> keys;
  std::vector<std::uint32_t> docs;
  for (std::uint32_t i = 0; i < 2000; ++i) {
    keys.push_back(rng() & 0xFFF0'0000'0000'00FFull);  // top 12 bits vary, then zeros
    docs.push_back(i);
  }
  sort_key_table(keys, docs);
  const KeyTableView table{keys, docs};
  for (const unsigned bits : {1u, 4u, 12u, 13u, 64u}) {
    for (int probe = 0; probe < 50; ++probe) {
      const std::uint64_t key = probe % 2 == 0 ? keys[rng() % keys.size()] : rng();
      const auto [first, last] = table.prefix_range(key, bits);
      const std::uint64_t mask = bits == 64 ? ~0ull : ~(~0ull >> bits);
      std::size_t want_first = keys.size(), want_last = 0;
      for (std::size_t i = 0; i < keys.size(); ++i) {
        if ((keys[i] & mask) != (key & mask)) continue;
        want_first = std::min(want_first, i);
        want_last = i + 1;
      }
      if (want_last == 0) {
        EXPECT_EQ(first, last) << bits;  // empty
      } else {
        EXPECT_EQ(first, want_first) << bits;
        EXPECT_EQ(last, want_last) << bits;
      }
    }
  }
}

}  // namespace
}  // namespace neardup
