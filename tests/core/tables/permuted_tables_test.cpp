// Permuted tables: block layout, table count, keys, the permutation and its inverse, the
// pair-once rule, and a one-process find-all against brute force.
#include "core/tables/permuted_tables.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>
#include <tuple>
#include <vector>

namespace neardup {
namespace {

std::uint64_t flip_bits(std::uint64_t fp, unsigned count, std::mt19937_64& rng) {
  std::set<unsigned> bits;
  while (bits.size() < count) bits.insert(static_cast<unsigned>(rng() % 64));
  for (const unsigned b : bits) fp ^= 1ull << b;
  return fp;
}

TEST(PermutedTables, TableCountIsTheBinomialAndKeysCoverTheirBlocks) {
  const std::vector<std::pair<TableDesign, unsigned>> designs = {
      {{3, 6}, 20}, {{3, 4}, 4},  {{2, 5}, 10}, {{0, 1}, 1},
      {{1, 2}, 2},  {{4, 7}, 35}, {{6, 9}, 84}};
  for (const auto& [design, count] : designs) {
    const PermutedTables tables(design);
    ASSERT_EQ(tables.size(), count);
    std::mt19937_64 rng(design.blocks);
    for (unsigned t = 0; t < tables.size(); ++t) {
      EXPECT_EQ(tables.key_blocks(t).size(), design.blocks - design.max_distance);
      // The key is the top key_bits of the permuted fingerprint; permute is a bijection.
      for (int i = 0; i < 200; ++i) {
        const std::uint64_t fp = rng();
        const std::uint64_t permuted = tables.permute(t, fp);
        EXPECT_EQ(tables.unpermute(t, permuted), fp);
        EXPECT_EQ(std::popcount(permuted), std::popcount(fp));
        const unsigned bits = tables.key_bits(t);
        EXPECT_EQ(tables.key(t, fp),
                  bits == 64 ? permuted : permuted >> (64 - bits) << (64 - bits));
      }
    }
    // Every bit lies in exactly one block: flipping one bit changes the key of exactly the
    // tables whose key blocks hold it, and those are C(m-1, k) of them.
    for (unsigned bit = 0; bit < 64; ++bit) {
      const std::uint64_t fp = rng();
      unsigned changed = 0;
      for (unsigned t = 0; t < tables.size(); ++t) {
        changed += tables.key(t, fp) != tables.key(t, fp ^ (1ull << bit));
      }
      double expected = 1;  // C(m-1, m-k-1)
      for (unsigned i = 0; i < design.blocks - design.max_distance - 1; ++i) {
        expected = expected * (design.blocks - 1 - i) / (i + 1);
      }
      EXPECT_EQ(changed, static_cast<unsigned>(expected)) << "bit " << bit;
    }
  }
}

TEST(PermutedTables, BadDesignsAreRefused) {
  EXPECT_FALSE(check_design({3, 3}).empty());
  EXPECT_FALSE(check_design({0, 65}).empty());
  EXPECT_FALSE(check_design({20, 40}).empty());  // C(40, 20) tables
  EXPECT_TRUE(check_design({3, 6}).empty());
  EXPECT_THROW(PermutedTables({4, 4}), std::invalid_argument);
}

TEST(PermutedTables, FirstSharedTableIsTheFirstTableWithEqualKeys) {
  const PermutedTables tables({3, 6});
  std::mt19937_64 rng(3);
  for (unsigned distance = 0; distance <= 6; ++distance) {
    for (int i = 0; i < 3000; ++i) {
      const std::uint64_t a = rng();
      const std::uint64_t b = flip_bits(a, distance, rng);
      unsigned brute = PermutedTables::kNoTable;
      for (unsigned t = 0; t < tables.size() && brute == PermutedTables::kNoTable; ++t) {
        if (tables.key(t, a) == tables.key(t, b)) brute = t;
      }
      ASSERT_EQ(tables.first_shared_table(a, b), brute) << "distance " << distance;
      ASSERT_EQ(tables.first_shared_table(b, a), brute);
      if (distance <= 3) {
        ASSERT_NE(brute, PermutedTables::kNoTable);
      }
    }
  }
}

// One process, the algorithm the distributed search runs: group by key per table, compare by
// popcount, report a pair in its first shared table only. Equals brute force, each pair once.
TEST(PermutedTables, GroupedSearchFindsExactlyThePairsWithinK) {
  for (const TableDesign design : {TableDesign{3, 6}, TableDesign{2, 4}, TableDesign{4, 8}}) {
    const PermutedTables tables(design);
    std::mt19937_64 rng(17 + design.blocks);
    std::vector<std::uint64_t> fps;
    for (int i = 0; i < 3000; ++i) fps.push_back(rng());
    for (unsigned d = 0; d <= 6; ++d) {
      for (int i = 0; i < 150; ++i) fps.push_back(flip_bits(fps[rng() % 3000], d, rng));
    }
    std::vector<std::tuple<std::size_t, std::size_t>> found;
    for (unsigned t = 0; t < tables.size(); ++t) {
      std::vector<std::pair<std::uint64_t, std::size_t>> keyed;
      for (std::size_t i = 0; i < fps.size(); ++i) keyed.push_back({tables.key(t, fps[i]), i});
      std::sort(keyed.begin(), keyed.end());
      for (std::size_t i = 0; i < keyed.size(); ++i) {
        for (std::size_t j = i + 1; j < keyed.size() && keyed[j].first == keyed[i].first; ++j) {
          const std::uint64_t a = fps[keyed[i].second], b = fps[keyed[j].second];
          if (std::popcount(a ^ b) <= static_cast<int>(design.max_distance) &&
              tables.first_shared_table(a, b) == t) {
            found.emplace_back(std::min(keyed[i].second, keyed[j].second),
                               std::max(keyed[i].second, keyed[j].second));
          }
        }
      }
    }
    std::vector<std::tuple<std::size_t, std::size_t>> brute;
    for (std::size_t i = 0; i < fps.size(); ++i) {
      for (std::size_t j = i + 1; j < fps.size(); ++j) {
        if (std::popcount(fps[i] ^ fps[j]) <= static_cast<int>(design.max_distance)) {
          brute.emplace_back(i, j);
        }
      }
    }
    std::sort(found.begin(), found.end());
    EXPECT_EQ(found, brute);  // sorted, so a pair reported twice would differ
    EXPECT_GT(brute.size(), 300u);
  }
}

}  // namespace
}  // namespace neardup
