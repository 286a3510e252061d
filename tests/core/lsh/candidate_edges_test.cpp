// Candidate edges: band tuple and pair sorts, the distinct merge, and the pairs of a bucket.
#include "core/lsh/candidate_edges.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "core/graph/union_find.hpp"

namespace neardup {
namespace {

TEST(CandidateEdges, SortBandTuplesEqualsStdSort) {
  std::mt19937_64 rng(3);
  for (const std::size_t n : {0u, 1u, 5u, 10000u}) {
    std::vector<BandTuple> tuples;
    for (std::size_t i = 0; i < n; ++i)
      tuples.push_back({rng() % (n / 4 + 1) * 0x9E3779B97F4A7C15ULL, rng() % 1000});
    std::vector<BandTuple> expected = tuples;
    std::sort(expected.begin(), expected.end());
    sort_band_tuples(tuples);
    EXPECT_EQ(tuples, expected) << n;
  }
}

TEST(CandidateEdges, SortDocPairsEqualsStdSort) {
  std::mt19937_64 rng(4);
  for (const std::size_t n : {0u, 1u, 7u, 20000u}) {
    std::vector<DocPair> pairs;
    for (std::size_t i = 0; i < n; ++i) {
      // Real ids (split << 32 | line) with repeats, and a few ids using every bit.
      const DocId a = make_doc_id(static_cast<std::uint32_t>(rng() % 5),
                                  static_cast<std::uint32_t>(rng() % 3000));
      const DocId b = i % 100 == 0 ? rng()
                                   : make_doc_id(static_cast<std::uint32_t>(rng() % 5),
                                                 static_cast<std::uint32_t>(rng() % 70000));
      pairs.push_back({a, b});
    }
    std::vector<DocPair> expected = pairs;
    std::sort(expected.begin(), expected.end());
    sort_doc_pairs(pairs);
    EXPECT_EQ(pairs, expected) << n;
  }
}

TEST(CandidateEdges, MergeDistinctPairsIsTheSortedUnion) {
  std::mt19937_64 rng(11);
  const auto random_distinct = [&rng](std::size_t n, std::uint64_t range) {
    std::vector<DocPair> pairs;
    for (std::size_t i = 0; i < n; ++i) pairs.push_back({rng() % range, rng() % range});
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    return pairs;
  };
  for (const auto& [n, m] : std::vector<std::pair<std::size_t, std::size_t>>{
           {0, 0}, {0, 5}, {5, 0}, {1, 1}, {100, 3}, {3, 100}, {2000, 2000}, {50000, 7000}}) {
    for (const std::uint64_t range : {3ull, 40ull, 1ull << 40}) {
      std::vector<DocPair> distinct = random_distinct(n, range);
      const std::vector<DocPair> fresh = random_distinct(m, range);
      std::vector<DocPair> expected;
      std::set_union(distinct.begin(), distinct.end(), fresh.begin(), fresh.end(),
                     std::back_inserter(expected));
      merge_distinct_pairs(distinct, fresh);
      EXPECT_EQ(distinct, expected) << n << " " << m << " " << range;
    }
  }
}

TEST(CandidatePairs, SmallBucketsGiveAllPairs) {
  const std::vector<BandTuple> tuples = {{5, 1}, {5, 3}, {5, 3}, {5, 9}, {6, 2}, {7, 4}, {7, 8}};
  std::vector<DocPair> out;
  EXPECT_EQ(emit_candidate_pairs(tuples, 10, out), 0u);
  std::sort(out.begin(), out.end());
  const std::vector<DocPair> want = {{1, 3}, {1, 9}, {3, 9}, {4, 8}};
  EXPECT_EQ(out, want);
}

TEST(CandidatePairs, LargeBucketsAreConnectedWithoutQuadraticEdges) {
  std::vector<BandTuple> tuples;
  for (DocId d = 0; d < 1000; ++d) tuples.push_back({42, d * 3});
  std::vector<DocPair> out;
  EXPECT_EQ(emit_candidate_pairs(tuples, 50, out), 1u);
  EXPECT_EQ(out.size(), 2u * 1000 - 3);
  UnionFind sets(3000);
  for (const DocPair& p : out) {
    EXPECT_LT(p.a, p.b);
    sets.unite(p.a, p.b);
  }
  for (DocId d = 0; d < 1000; ++d) EXPECT_EQ(sets.find(d * 3), 0u);
}

}  // namespace
}  // namespace neardup
