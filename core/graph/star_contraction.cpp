// The local reduce steps of the alternating large-star / small-star connected-components
// algorithm (Kiveris, Lattanzi, Mirrokni, Rastogi, Vassilvitskii, SoCC 2014).
#include "core/graph/star_contraction.hpp"

#include <algorithm>

namespace neardup {

bool large_star(std::span<const LabelEdge> grouped, std::vector<LabelEdge>& out) {
  bool changed = false;
  std::size_t i = 0;
  while (i < grouped.size()) {
    const std::uint64_t u = grouped[i].u;
    std::size_t j = i;
    while (j < grouped.size() && grouped[j].u == u) ++j;
    const std::uint64_t m = std::min(u, grouped[i].v);
    for (std::size_t k = i; k < j; ++k) {
      const std::uint64_t v = grouped[k].v;
      if (v <= u || (k > i && v == grouped[k - 1].v)) continue;
      out.push_back({v, m});
      changed |= m != u;
    }
    i = j;
  }
  return changed;
}

bool small_star(std::span<const LabelEdge> grouped, std::vector<LabelEdge>& out) {
  bool changed = false;
  std::size_t i = 0;
  while (i < grouped.size()) {
    const std::uint64_t u = grouped[i].u;
    std::size_t j = i;
    while (j < grouped.size() && grouped[j].u == u) ++j;
    const std::uint64_t m = grouped[i].v;
    std::size_t distinct = 0;
    for (std::size_t k = i; k < j; ++k) {
      const std::uint64_t v = grouped[k].v;
      if (v >= u || (k > i && v == grouped[k - 1].v)) continue;
      ++distinct;
      if (v != m) out.push_back({v, m});
    }
    if (distinct > 0) out.push_back({u, m});
    changed |= distinct > 1;
    i = j;
  }
  return changed;
}

}  // namespace neardup
