// Candidate pairs, Jaccard, id mixing, union-find and the star-contraction steps, the last run
// to convergence in one process and compared with union-find.
#include <gtest/gtest.h>
#include <xxhash.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "core/band_keys.hpp"
#include "core/candidate_edges.hpp"
#include "core/id_mix.hpp"
#include "core/jaccard.hpp"
#include "core/star_contraction.hpp"
#include "core/union_find.hpp"

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

TEST(Jaccard, HandMadeSets) {
  const std::vector<std::uint64_t> a = {1, 2, 3}, b = {2, 3, 4}, c = {7, 8}, empty;
  EXPECT_DOUBLE_EQ(exact_jaccard(a, a), 1.0);
  EXPECT_DOUBLE_EQ(exact_jaccard(a, b), 0.5);
  EXPECT_DOUBLE_EQ(exact_jaccard(a, c), 0.0);
  EXPECT_DOUBLE_EQ(exact_jaccard(a, empty), 0.0);
  EXPECT_DOUBLE_EQ(exact_jaccard(empty, empty), 0.0);
}

TEST(BandKeys, KeysAreSeededXxh3OfEachBand) {
  std::vector<SigValue> sig = {1, 2, 3, 1, 2, 3, 9, 9};
  std::vector<std::uint64_t> keys(4);
  band_keys(sig, {4, 2}, keys);
  for (unsigned j = 0; j < 4; ++j) {
    EXPECT_EQ(keys[j], XXH3_64bits_withSeed(sig.data() + 2 * j, 2 * sizeof(SigValue), j));
  }
  std::vector<SigValue> same = {3, 3, 3, 3};
  std::vector<std::uint64_t> two(2);
  band_keys(same, {2, 2}, two);
  EXPECT_NE(two[0], two[1]);  // equal rows in different bands give different keys
  const auto before = keys;
  sig[5] = 77;  // band 2 only
  band_keys(sig, {4, 2}, keys);
  EXPECT_EQ(keys[0], before[0]);
  EXPECT_EQ(keys[1], before[1]);
  EXPECT_NE(keys[2], before[2]);
  EXPECT_EQ(keys[3], before[3]);
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

TEST(IdMix, IsABijectionThatSpreads) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t x = rng();
    ASSERT_EQ(unmix_id(mix_id(x)), x);
  }
  for (std::uint64_t x : {0ull, 1ull, ~0ull}) EXPECT_EQ(unmix_id(mix_id(x)), x);
  EXPECT_NE(mix_id(1), 1u);
  std::set<std::uint64_t> low_bits;
  for (std::uint64_t x = 0; x < 1024; ++x) low_bits.insert(mix_id(x) % 64);
  EXPECT_GT(low_bits.size(), 60u);
}

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

// Runs the alternating algorithm to convergence; returns label -> component center.
std::map<std::uint64_t, std::uint64_t> contract(const std::vector<LabelEdge>& edges, int& rounds) {
  std::vector<LabelEdge> current = edges;
  for (rounds = 1; rounds < 200; ++rounds) {
    std::vector<LabelEdge> both;
    for (const LabelEdge& e : current) {
      if (e.u == e.v) continue;
      both.push_back(e);
      both.push_back({e.v, e.u});
    }
    std::sort(both.begin(), both.end());
    both.erase(std::unique(both.begin(), both.end()), both.end());
    current.clear();
    const bool large = large_star(both, current);
    std::vector<LabelEdge> oriented;
    for (const LabelEdge& e : current) {
      if (e.u != e.v) oriented.push_back(e.u > e.v ? e : LabelEdge{e.v, e.u});
    }
    std::sort(oriented.begin(), oriented.end());
    oriented.erase(std::unique(oriented.begin(), oriented.end()), oriented.end());
    current.clear();
    const bool small = small_star(oriented, current);
    if (!large && !small) break;
  }
  std::map<std::uint64_t, std::uint64_t> center;
  for (const LabelEdge& e : current) {
    center[e.u] = e.v;
    center[e.v] = e.v;
  }
  return center;
}

void expect_matches_union_find(const std::vector<LabelEdge>& edges, std::size_t n, int max_rounds) {
  UnionFind sets(n);
  for (const LabelEdge& e : edges) sets.unite(e.u, e.v);
  int rounds = 0;
  const auto center = contract(edges, rounds);
  EXPECT_LT(rounds, max_rounds);
  std::set<std::uint64_t> touched;
  for (const LabelEdge& e : edges) {
    if (e.u != e.v) {
      touched.insert(e.u);
      touched.insert(e.v);
    }
  }
  ASSERT_EQ(center.size(), touched.size());
  for (const std::uint64_t v : touched) {
    // Same partition, and the center is the component's smallest label.
    EXPECT_EQ(center.at(v), sets.find(v)) << "vertex " << v;
  }
}

TEST(StarContraction, RandomSparseGraphs) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n = 500;
    std::uniform_int_distribution<std::uint64_t> v(0, n - 1);
    std::vector<LabelEdge> edges;
    for (int e = 0; e < 300 + trial * 20; ++e) edges.push_back({v(rng), v(rng)});
    expect_matches_union_find(edges, n, 100);
  }
}

TEST(StarContraction, LongPathsInOrderAndShuffled) {
  const std::size_t n = 10000;
  std::vector<LabelEdge> path;
  for (std::uint64_t i = 0; i + 1 < n; ++i) path.push_back({i, i + 1});
  expect_matches_union_find(path, n, 60);
  std::vector<std::uint64_t> label(n);
  std::iota(label.begin(), label.end(), 0);
  std::shuffle(label.begin(), label.end(), std::mt19937_64(5));
  std::vector<LabelEdge> shuffled;
  for (std::uint64_t i = 0; i + 1 < n; ++i) shuffled.push_back({label[i], label[i + 1]});
  expect_matches_union_find(shuffled, n, 60);
}

TEST(StarContraction, StarsAndCliquesStayApart) {
  std::vector<LabelEdge> edges;
  for (std::uint64_t leaf = 1; leaf <= 300; ++leaf) edges.push_back({leaf, 0});
  for (std::uint64_t c = 0; c < 50; ++c) {
    const std::uint64_t base = 1000 + c * 4;
    for (std::uint64_t x = 0; x < 4; ++x) {
      for (std::uint64_t y = x + 1; y < 4; ++y) edges.push_back({base + x, base + y});
    }
  }
  expect_matches_union_find(edges, 1200, 20);
}

}  // namespace
}  // namespace neardup
