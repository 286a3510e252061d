// Packed key tables: the same prefix ranges and keys as the flat sorted table they pack, at
// sizes from empty to several blocks a directory value, with equal keys; and the structural
// check naming the block of a damaged directory or packed key.
#include "core/tables/packed_key_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace neardup {
namespace {

// n sorted keys: random, or (clustered) few distinct values, many of them equal.
std::vector<std::uint64_t> sorted_keys(std::size_t n, bool clustered, std::mt19937_64& rng) {
  std::vector<std::uint64_t> keys(n);
  for (std::uint64_t& key : keys) key = clustered ? (rng() % 50) * 0x0123456789abcdefull : rng();
  std::sort(keys.begin(), keys.end());
  return keys;
}

// Expects table's prefix ranges and keys to be the flat table's for keys of the table and
// random keys, at every prefix length.
void expect_same_as_flat(const std::vector<std::uint64_t>& keys, const PackedKeyTable& table,
                         std::mt19937_64& rng) {
  const std::vector<std::uint32_t> docs(keys.size(), 0);
  const KeyTableView flat{keys, docs};
  for (int probe = 0; probe < 100; ++probe) {
    const std::uint64_t key = probe % 2 == 0 && !keys.empty() ? keys[rng() % keys.size()] : rng();
    for (unsigned bits = 0; bits <= 64; ++bits) {
      const auto range = table.prefix_range(key, bits);
      ASSERT_EQ(range, flat.prefix_range(key, bits)) << "n " << keys.size() << " bits " << bits;
      table.for_each_key(range, key, bits, [&](std::size_t i, std::uint64_t got) {
        ASSERT_EQ(got, keys[i]) << "entry " << i;
      });
    }
  }
}

TEST(PackedKeyTable, RangesAndKeysEqualTheFlatTablesAtEverySize) {
  std::mt19937_64 rng(11);
  for (const std::size_t n : {0, 1, 2, 5, 127, 128, 1000, 70000}) {
    for (const bool clustered : {false, true}) {
      const std::vector<std::uint64_t> keys = sorted_keys(n, clustered, rng);
      for (const unsigned bits : {0u, key_directory_bits(n), 12u}) {
        const PackedKeyArrays packed = pack_sorted_keys(keys, bits);
        const PackedKeys view{packed.starts, packed.words};
        ASSERT_EQ(packed_keys_problem(view, n), "");
        expect_same_as_flat(keys, PackedKeyTable(view), rng);
      }
    }
  }
}

TEST(PackedKeyTable, SeveralTablesAtOnceGiveEachTablesRanges) {
  std::mt19937_64 rng(3);
  std::vector<std::vector<std::uint64_t>> keys;
  std::vector<PackedKeyArrays> packed;
  std::vector<PackedKeyTable> tables;
  for (std::size_t t = 0; t < 6; ++t) {
    keys.push_back(sorted_keys(500 + 3000 * t, t % 2 == 1, rng));
    packed.push_back(pack_sorted_keys(keys[t], key_directory_bits(keys[t].size())));
  }
  for (const PackedKeyArrays& p : packed) tables.emplace_back(PackedKeys{p.starts, p.words});
  std::vector<std::uint64_t> query(tables.size());
  const std::vector<unsigned> bits = {64, 33, 5, 0, 20, 40};
  std::vector<std::pair<std::size_t, std::size_t>> ranges(tables.size());
  for (std::size_t t = 0; t < tables.size(); ++t) query[t] = keys[t][rng() % keys[t].size()];
  prefix_ranges(tables, query, bits, ranges);
  for (std::size_t t = 0; t < tables.size(); ++t) {
    EXPECT_EQ(ranges[t], tables[t].prefix_range(query[t], bits[t])) << t;
    EXPECT_LT(ranges[t].first, ranges[t].second) << t;
  }
}

// The problem packed_keys_problem finds after `damage`.
std::string problem_after(const std::function<void(PackedKeyArrays&)>& damage) {
  std::mt19937_64 rng(5);
  const std::vector<std::uint64_t> keys = sorted_keys(5000, false, rng);
  PackedKeyArrays packed = pack_sorted_keys(keys, key_directory_bits(keys.size()));
  damage(packed);
  return packed_keys_problem({packed.starts, packed.words}, keys.size());
}

TEST(PackedKeyTable, TheStructuralCheckNamesTheDamagedBlock) {
  // 5000 keys: 8 directory bits, 56-bit packed keys, about 20 keys a block.
  ASSERT_EQ(key_directory_bits(5000), 8u);
  EXPECT_EQ(problem_after([](PackedKeyArrays&) {}), "");
  EXPECT_NE(problem_after([](PackedKeyArrays& p) {
              std::swap(p.starts[40], p.starts[41]);
            }).find("block 40: directory goes back"),
            std::string::npos);
  EXPECT_NE(problem_after([](PackedKeyArrays& p) {
              p.starts.back() = 4999;
            }).find("directory ends at entry 4999, not at the 5000 entries"),
            std::string::npos);
  EXPECT_NE(problem_after([](PackedKeyArrays& p) { p.starts.pop_back(); }).find("not 2^d + 1"),
            std::string::npos);
  EXPECT_NE(problem_after([](PackedKeyArrays& p) { p.words.pop_back(); }).find("words"),
            std::string::npos);
  const std::string unsorted = problem_after([](PackedKeyArrays& p) {
    const std::size_t entry = p.starts[40], bit = entry * 56;  // its top bits: all ones
    p.words[(bit + 55) / 64] |= 1ull << ((bit + 55) % 64);
    p.words[(bit + 54) / 64] |= 1ull << ((bit + 54) % 64);
  });
  EXPECT_NE(unsorted.find("block 40: keys not sorted at entry"), std::string::npos) << unsorted;
}

}  // namespace
}  // namespace neardup
