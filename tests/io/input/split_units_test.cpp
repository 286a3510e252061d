// Units of splits: big splits alone, small ones grouped within the byte and count caps, ends
// that move only around an added file, and owners by unit, against cases worked out by hand.
#include "io/input/split_units.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace neardup {
namespace {

constexpr std::uint64_t kSplitBytes = 64ull << 20;

// `count` files of `bytes` bytes each, named in/f-00000.jsonl..., one split each.
struct Corpus {
  std::vector<InputFile> files;
  std::vector<Split> splits;
  void add(const std::string& path, std::uint64_t bytes) {
    splits.push_back({static_cast<std::uint32_t>(files.size()), 0, bytes});
    files.push_back({path, bytes, InputFormat::kJsonl, path});
  }
};

Corpus small_files(int count, std::uint64_t bytes) {
  Corpus corpus;
  for (int i = 0; i < count; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "in/f-%05d.jsonl", i);
    corpus.add(name, bytes);
  }
  return corpus;
}

// The path of each unit's first split.
std::set<std::string> unit_starts(const Corpus& corpus, const std::vector<std::uint32_t>& units) {
  std::set<std::string> starts;
  for (const std::uint32_t s : units) starts.insert(corpus.files[corpus.splits[s].file].path);
  return starts;
}

TEST(SplitUnits, ASplitOfAtLeast1024thOfTheSplitSizeIsAUnitOfItsOwn) {
  const Corpus corpus = small_files(10, kSplitBytes / kSmallSplitFraction);
  EXPECT_EQ(group_splits(corpus.files, corpus.splits, kSplitBytes),
            (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  // A small split between big ones is alone too; two small ones side by side may be grouped.
  Corpus mixed;
  mixed.add("a", kSplitBytes);
  mixed.add("b", 100);
  mixed.add("c", kSplitBytes);
  EXPECT_EQ(group_splits(mixed.files, mixed.splits, kSplitBytes),
            (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_TRUE(group_splits({}, {}, kSplitBytes).empty());
}

TEST(SplitUnits, SmallSplitsAreGroupedWithinTheCaps) {
  const Corpus corpus = small_files(20000, 100);
  const std::vector<std::uint32_t> units = group_splits(corpus.files, corpus.splits, kSplitBytes);
  ASSERT_FALSE(units.empty());
  EXPECT_EQ(units[0], 0u);
  EXPECT_TRUE(std::is_sorted(units.begin(), units.end()));
  EXPECT_EQ(std::adjacent_find(units.begin(), units.end()), units.end());
  // Ends by hash, 1 in 64 on average: about 312 units; far fewer than splits, far more than 1.
  EXPECT_GT(units.size(), 150u);
  EXPECT_LT(units.size(), 650u);
  for (std::size_t u = 0; u < units.size(); ++u) {
    const std::size_t end = u + 1 < units.size() ? units[u + 1] : corpus.splits.size();
    EXPECT_LE(end - units[u], kMaxUnitSplits);
  }
  // Splits of just under 1/1024 of the split size (64 KiB): at most 64 fit a unit's 4 MiB,
  // so the byte cap, not only the hash, ends units.
  EXPECT_EQ(kSplitBytes / kSmallSplitFraction, 64u << 10);
  EXPECT_EQ(kSplitBytes / kUnitFraction, 4u << 20);
  const std::uint64_t under = kSplitBytes / kSmallSplitFraction - 1;
  const Corpus fuller = small_files(2000, under);
  const std::vector<std::uint32_t> capped = group_splits(fuller.files, fuller.splits, kSplitBytes);
  EXPECT_GE(capped.size(), 2000u / 64);
  for (std::size_t u = 0; u < capped.size(); ++u) {
    const std::size_t end = u + 1 < capped.size() ? capped[u + 1] : fuller.splits.size();
    EXPECT_LE((end - capped[u]) * under, kSplitBytes / kUnitFraction);
  }
  // --split-mb 0 groups as for 64 MiB.
  EXPECT_EQ(group_splits(corpus.files, corpus.splits, 0), units);
}

TEST(SplitUnits, AFileAddedMovesOnlyTheUnitsAroundIt) {
  const Corpus before = small_files(5000, 100);
  Corpus after;
  for (std::size_t f = 0; f < before.files.size(); ++f) {
    if (f == 2500) after.add("in/f-02499-added.jsonl", 100);
    after.add(before.files[f].path, 100);
  }
  const std::set<std::string> was =
      unit_starts(before, group_splits(before.files, before.splits, kSplitBytes));
  const std::set<std::string> is =
      unit_starts(after, group_splits(after.files, after.splits, kSplitBytes));
  std::vector<std::string> moved;
  std::set_symmetric_difference(was.begin(), was.end(), is.begin(), is.end(),
                                std::back_inserter(moved));
  // At most: the added file starts a unit, and the unit after it starts elsewhere.
  EXPECT_LE(moved.size(), 2u);
  EXPECT_GT(was.size(), 20u);
}

TEST(SplitUnits, IsolateMakesEachMarkedSplitAUnit) {
  EXPECT_EQ(isolate_splits({0, 3}, {0, 0, 1, 0, 0, 0}), (std::vector<std::uint32_t>{0, 2, 3}));
  EXPECT_EQ(isolate_splits({0, 3}, {1, 0, 0, 0, 0, 1}), (std::vector<std::uint32_t>{0, 1, 3, 5}));
  EXPECT_EQ(isolate_splits({0}, {0, 0, 0, 1, 0}), (std::vector<std::uint32_t>{0, 3, 4}));
  EXPECT_EQ(isolate_splits({0, 2}, {0, 0, 0}), (std::vector<std::uint32_t>{0, 2}));
}

TEST(SplitUnits, AUnitGoesToOneRankBalancingBytes) {
  // Units [10, 10, 10], [50], [5, 5]: 30, 50 and 10 bytes. Largest first onto the lightest
  // rank: 50 -> 0, 30 -> 1, 10 -> 1 (30 < 50).
  const std::vector<Split> splits = {{0, 0, 10}, {1, 0, 10}, {2, 0, 10},
                                     {3, 0, 50}, {4, 0, 5},  {5, 0, 5}};
  EXPECT_EQ(assign_units(splits, {0, 3, 4}, 2), (std::vector<int>{1, 1, 1, 0, 1, 1}));
  EXPECT_EQ(assign_units(splits, {0, 3, 4}, 1), (std::vector<int>(6, 0)));
  // A unit per split: the owners of assign_splits.
  EXPECT_EQ(assign_units(splits, {0, 1, 2, 3, 4, 5}, 3), assign_splits(splits, 3));
}

}  // namespace
}  // namespace neardup
