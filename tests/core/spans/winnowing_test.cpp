// Winnowing against its definition computed by brute force: each window's anchor is its last
// smallest hash, and equal windows anywhere have anchors at the same place inside them.
#include "core/spans/winnowing.hpp"

#include <gtest/gtest.h>

#include <random>

namespace neardup {
namespace {

std::vector<std::uint32_t> brute_force_anchors(const std::vector<std::uint64_t>& h, std::size_t w) {
  std::vector<std::uint32_t> out;
  for (std::size_t p = 0; p + w <= h.size(); ++p) {
    std::size_t best = p;
    for (std::size_t i = p; i < p + w; ++i) {
      if (h[i] <= h[best]) best = i;
    }
    out.push_back(static_cast<std::uint32_t>(best));
  }
  return out;
}

TEST(Winnowing, AnchorsAreEachWindowsLastSmallestHash) {
  std::mt19937_64 rng(3);
  for (const std::uint64_t range : {4ULL, 50ULL, ~0ULL}) {  // many ties, some, none
    for (const std::size_t w : {1, 2, 5, 39}) {
      std::vector<std::uint64_t> h(300);
      for (auto& x : h) x = std::uniform_int_distribution<std::uint64_t>(0, range - 1)(rng);
      std::vector<std::uint32_t> anchors;
      window_anchors(h, w, anchors);
      EXPECT_EQ(anchors, brute_force_anchors(h, w)) << "w=" << w << " range=" << range;
    }
  }
}

TEST(Winnowing, ShortInputsHaveNoWindows) {
  std::vector<std::uint32_t> anchors{1, 2};
  window_anchors(std::vector<std::uint64_t>{5, 6}, 3, anchors);
  EXPECT_TRUE(anchors.empty());
  window_anchors(std::vector<std::uint64_t>{5, 6, 1}, 3, anchors);
  EXPECT_EQ(anchors, (std::vector<std::uint32_t>{2}));
}

TEST(Winnowing, DistinctAnchorsAreAboutTwoInWindowPlusOne) {
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> h(200000);
  for (auto& x : h) x = rng();
  std::vector<std::uint32_t> of_window, anchors;
  window_anchors(h, 39, of_window);
  distinct_anchors(of_window, anchors);
  EXPECT_TRUE(std::is_sorted(anchors.begin(), anchors.end()));
  EXPECT_EQ(std::adjacent_find(anchors.begin(), anchors.end()), anchors.end());
  const double density = static_cast<double>(anchors.size()) / static_cast<double>(h.size());
  EXPECT_NEAR(density, 2.0 / 40.0, 0.005);
}

TEST(Winnowing, EqualWindowsAnchorAtTheSamePlace) {
  std::mt19937_64 rng(9);
  std::vector<std::uint64_t> shared(30), a(100), b(80);
  for (auto& x : shared) x = rng() % 40;
  for (auto& x : a) x = rng() % 40;
  for (auto& x : b) x = rng() % 40;
  a.insert(a.begin() + 37, shared.begin(), shared.end());
  b.insert(b.begin() + 11, shared.begin(), shared.end());
  const std::size_t w = 8;
  std::vector<std::uint32_t> in_a, in_b;
  window_anchors(a, w, in_a);
  window_anchors(b, w, in_b);
  for (std::size_t p = 0; p + w <= shared.size(); ++p) {
    EXPECT_EQ(in_a[37 + p] - 37, in_b[11 + p] - 11) << p;
  }
}

}  // namespace
}  // namespace neardup
