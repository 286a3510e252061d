// The local reduce steps of the alternating large-star / small-star connected-components
// algorithm (Kiveris, Lattanzi, Mirrokni, Rastogi, Vassilvitskii, SoCC 2014).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace neardup {

/// A directed edge record keyed by `u` (the vertex whose reducer sees it), neighbour `v`.
struct LabelEdge {
  std::uint64_t u;
  std::uint64_t v;
  friend bool operator<(const LabelEdge& x, const LabelEdge& y) {
    return x.u != y.u ? x.u < y.u : x.v < y.v;
  }
  friend bool operator==(const LabelEdge&, const LabelEdge&) = default;
};

/// Large-star reduce. `grouped` is sorted by (u, v) and holds every edge in both directions.
/// For each u with neighbours N(u) and m = min(N(u) ∪ {u}), emits (v, m) for every v in N(u)
/// with v > u. Returns true when the step may have changed the graph.
bool large_star(std::span<const LabelEdge> grouped, std::vector<LabelEdge>& out);

/// Small-star reduce. `grouped` is sorted by (u, v) and holds each edge once, oriented with
/// v < u. For each u with smaller neighbours N and m = min(N), emits (v, m) for every v in
/// N ∪ {u} other than m. Returns true when the step may have changed the graph.
bool small_star(std::span<const LabelEdge> grouped, std::vector<LabelEdge>& out);

}  // namespace neardup
