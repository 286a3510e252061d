// The star-contraction steps run to convergence in one process and compared with union-find.
#include "core/graph/star_contraction.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "core/graph/union_find.hpp"

namespace neardup {
namespace {

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
