// Stage 6, components: distributed connected components of the verified pairs, by local
// union-find followed by the alternating large-star / small-star algorithm; no rank ever
// gathers all edges or all documents.
#include "jobs/stages/components_stage.hpp"

#include <algorithm>

#include "core/graph/star_contraction.hpp"
#include "core/graph/union_find.hpp"
#include "core/id_mix.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// More iterations than this means a bug: the algorithm needs O(log^2 n) on any graph.
constexpr std::uint64_t kMaxRounds = 1000;

// Replaces a rank's edges by a spanning star per local component (same connectivity, fewer
// edges), in label space: labels are mix_id(doc), a bijection that randomises vertex order.
std::vector<LabelEdge> contract_locally(std::span<const DocPair> edges) {
  std::vector<DocId> vertices;
  vertices.reserve(edges.size() * 2);
  for (const DocPair& e : edges) {
    vertices.push_back(e.a);
    vertices.push_back(e.b);
  }
  std::sort(vertices.begin(), vertices.end());
  vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
  const auto index = [&](DocId id) {
    return static_cast<std::size_t>(std::lower_bound(vertices.begin(), vertices.end(), id) -
                                    vertices.begin());
  };
  UnionFind sets(vertices.size());
  for (const DocPair& e : edges) sets.unite(index(e.a), index(e.b));
  std::vector<LabelEdge> out;
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    const std::size_t root = sets.find(v);
    if (root != v) out.push_back({mix_id(vertices[v]), mix_id(vertices[root])});
  }
  return out;
}

std::vector<LabelEdge> shuffle_by_u(Exchanger& exchanger, const std::vector<LabelEdge>& edges) {
  const auto ranks = static_cast<std::uint64_t>(exchanger.size());
  std::vector<LabelEdge> got =
      exchanger.shuffle(std::span<const LabelEdge>(edges),
                        [ranks](const LabelEdge& e) { return static_cast<int>(e.u % ranks); });
  std::sort(got.begin(), got.end());
  got.erase(std::unique(got.begin(), got.end()), got.end());
  return got;
}

}  // namespace

std::vector<ClusterMember> connected_components(Exchanger& exchanger,
                                                std::span<const DocPair> edges,
                                                const OwnerFn& owner, ComponentCounts& counts,
                                                ComponentName name) {
  std::vector<LabelEdge> current = contract_locally(edges);
  std::vector<LabelEdge> mapped;
  for (counts.rounds = 1;; ++counts.rounds) {
    if (counts.rounds > kMaxRounds) throw std::logic_error("connected components did not converge");
    mapped.clear();
    for (const LabelEdge& e : current) {
      if (e.u == e.v) continue;
      mapped.push_back(e);
      mapped.push_back({e.v, e.u});
    }
    std::vector<LabelEdge> grouped = shuffle_by_u(exchanger, mapped);
    current.clear();
    const bool large_changed = large_star(grouped, current);

    mapped.clear();
    for (const LabelEdge& e : current) {
      if (e.u == e.v) continue;
      mapped.push_back(e.u > e.v ? e : LabelEdge{e.v, e.u});
    }
    grouped = shuffle_by_u(exchanger, mapped);
    current.clear();
    const bool small_changed = small_star(grouped, current);
    if (!any_rank(exchanger.comm(), large_changed || small_changed)) break;
  }

  // Every component is now a star (leaf, center), its center the member of the lowest label;
  // group each star at its center's rank and name the component.
  mapped.clear();
  for (const LabelEdge& e : current) mapped.push_back({e.v, e.u});
  const std::vector<LabelEdge> stars = shuffle_by_u(exchanger, mapped);
  std::vector<ClusterMember> members;
  for (std::size_t i = 0; i < stars.size();) {
    std::size_t j = i;
    DocId root = unmix_id(stars[i].u);
    while (j < stars.size() && stars[j].u == stars[i].u) {
      const DocId leaf = unmix_id(stars[j++].v);
      if (name == ComponentName::kSmallestDocument) root = std::min(root, leaf);
    }
    members.push_back({unmix_id(stars[i].u), root});
    for (std::size_t k = i; k < j; ++k) members.push_back({unmix_id(stars[k].v), root});
    i = j;
  }
  std::vector<ClusterMember> mine =
      exchanger.shuffle(std::span<const ClusterMember>(members),
                        [&](const ClusterMember& m) { return owner(m.doc); });
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace neardup
