// Stage 6, components: distributed connected components of the verified pairs, by local
// union-find followed by the alternating large-star / small-star algorithm; no rank ever
// gathers all edges or all documents.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// A cluster member's similarity to its kept document when the clustering did not check it
/// (transitive components).
inline constexpr double kUnknownSimilarity = -1;

/// A document in a cluster of size >= 2 and the cluster's root: the document kept in its place
/// (as connected_components returns them, the component's smallest document id, i.e. the
/// document that comes first in input order).
struct ClusterMember {
  DocId doc = 0;
  DocId root = 0;
  double similarity = kUnknownSimilarity;  // to the root (1 for the root itself), when known
  friend bool operator<(const ClusterMember& x, const ClusterMember& y) { return x.doc < y.doc; }
  friend bool operator==(const ClusterMember&, const ClusterMember&) = default;
};

/// What the components stage did (the same on every rank).
struct ComponentCounts {
  std::uint64_t rounds = 0;  // large-star + small-star iterations until nothing changed
};

/// Which member names a component (ClusterMember::root).
enum class ComponentName {
  kSmallestDocument,  // the smallest document id: the first in input order
  kLowestHash,        // the lowest mix_id(doc): a member as if drawn at random, on any rank count
};

/// Collective: the connected components of the union of every rank's `edges`. Returns, on rank
/// owner(doc), one ClusterMember for each document with at least one edge, sorted by doc, its
/// root the member that `name` says.
std::vector<ClusterMember> connected_components(
    Exchanger& exchanger, std::span<const DocPair> edges, const OwnerFn& owner,
    ComponentCounts& counts, ComponentName name = ComponentName::kSmallestDocument);

}  // namespace neardup
