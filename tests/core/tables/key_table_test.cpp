// Key tables: sorted by (key, doc) in place, and prefix ranges (plain, through the bucket
// directory, several tables at once) against a linear scan.
#include "core/tables/key_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
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

// The entries of sorted `keys` whose top `bits` bits equal key's, by a linear scan; an empty
// range may sit anywhere.
std::pair<std::size_t, std::size_t> scanned_range(const std::vector<std::uint64_t>& keys,
                                                  std::uint64_t key, unsigned bits) {
  const std::uint64_t mask = bits == 64 ? ~0ull : ~(~0ull >> bits);
  std::size_t first = keys.size(), last = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if ((keys[i] & mask) != (key & mask)) continue;
    first = std::min(first, i);
    last = i + 1;
  }
  return {first, last};
}

void expect_same_range(std::pair<std::size_t, std::size_t> got,
                       std::pair<std::size_t, std::size_t> want, const std::string& what) {
  if (want.second == 0) {
    EXPECT_EQ(got.first, got.second) << what;
  } else {
    EXPECT_EQ(got, want) << what;
  }
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
      expect_same_range(table.prefix_range(key, bits), scanned_range(keys, key, bits),
                        "bits " + std::to_string(bits));
    }
  }
}

// Tables of 0 to 50,000 keys: uniform, clumped (few distinct top bits, runs of equal keys),
// and with the extreme keys 0 and 2^64 - 1.
std::vector<std::uint64_t> table_keys(std::size_t n, int shape, std::mt19937_64& rng) {
  std::vector<std::uint64_t> keys;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t x = rng();
    keys.push_back(shape == 0 ? x : shape == 1 ? (x % 37) << 58 | (x & 3) : x);
  }
  if (shape == 2 && n >= 4) {
    keys[0] = keys[1] = 0;
    keys[2] = keys[3] = ~0ull;
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

TEST(KeyTable, BucketedPrefixRangeEqualsTheScan) {
  std::mt19937_64 rng(9);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{64},
                              std::size_t{65}, std::size_t{1000}, std::size_t{50000}}) {
    for (int shape = 0; shape < 3; ++shape) {
      const std::vector<std::uint64_t> keys = table_keys(n, shape, rng);
      const std::vector<std::uint32_t> docs(n, 0);
      const BucketedKeyTable table(KeyTableView{keys, docs});
      for (const unsigned bits : {1u, 6u, 8u, 11u, 12u, 13u, 20u, 40u, 64u}) {
        for (int probe = 0; probe < 40; ++probe) {
          const std::uint64_t key = probe % 2 == 0 && n > 0 ? keys[rng() % n]
                                    : probe % 4 == 1        ? ~0ull
                                                            : rng();
          const std::string what = "n " + std::to_string(n) + " shape " + std::to_string(shape) +
                                   " bits " + std::to_string(bits);
          expect_same_range(table.prefix_range(key, bits), scanned_range(keys, key, bits), what);
        }
      }
    }
  }
}

TEST(KeyTable, PrefixRangesOfSeveralTablesEqualEachTablesOwn) {
  std::mt19937_64 rng(10);
  std::vector<std::vector<std::uint64_t>> keys;
  std::vector<std::vector<std::uint32_t>> docs;
  for (int t = 0; t < 20; ++t) {
    keys.push_back(table_keys(3000 + 1000 * static_cast<std::size_t>(t), t % 3, rng));
    docs.emplace_back(keys.back().size(), 0);
  }
  std::vector<BucketedKeyTable> tables;
  for (int t = 0; t < 20; ++t) tables.emplace_back(KeyTableView{keys[t], docs[t]});
  for (int probe = 0; probe < 200; ++probe) {
    std::vector<std::uint64_t> query(20);
    std::vector<unsigned> bits(20);
    for (std::size_t t = 0; t < 20; ++t) {
      query[t] = probe % 2 == 0 ? keys[t][rng() % keys[t].size()] : rng();
      bits[t] = 1 + static_cast<unsigned>(rng() % 64);
    }
    std::vector<std::pair<std::size_t, std::size_t>> ranges(20);
    prefix_ranges(tables, query, bits, ranges);
    for (std::size_t t = 0; t < 20; ++t) {
      expect_same_range(ranges[t], scanned_range(keys[t], query[t], bits[t]),
                        "table " + std::to_string(t) + " bits " + std::to_string(bits[t]));
    }
  }
}

}  // namespace
}  // namespace neardup
