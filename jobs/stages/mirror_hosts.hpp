// Near-duplicate hosts (mirrors) from the clusters: each host's documents counted on the host's
// owner, each cluster's hosts on the cluster's, and each pair of hosts on the pair's owner.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/hosts/host_name.hpp"
#include "core/hosts/host_pairs.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/components_stage.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// What the host stage counted (the same on every rank).
struct MirrorCounts {
  std::uint64_t hosts = 0;              // distinct hosts of the documents
  std::uint64_t docs_without_host = 0;  // documents whose host field is no URL with a valid host
  // Of those, the documents whose URL has an invalid host, by HostProblem (host_name.hpp).
  std::array<std::uint64_t, kHostProblemCount> invalid_hosts{};
  std::uint64_t skipped_clusters = 0;  // clusters spanning more than kMaxClusterHosts hosts
  std::uint64_t mirror_pairs = 0;      // host pairs at or above the share: rows of hosts/
};

/// Collective: the host pairs (core/hosts/host_pairs.hpp, mirror_row) where at least `min_share` of
/// the smaller host's documents are in a cluster holding a document of the other host. Every
/// rank passes its documents (`docs`, their `host_ids`, 0 for none, and the names of those ids)
/// and its cluster members (on the owner of their doc, sorted by doc, as the components stage
/// leaves them). No rank gathers the clusters or the pairs: the (root, host) of each member go
/// to the root's rank, which sums each cluster's documents per host and sends, for every
/// ordered pair of distinct hosts in it, their count to the pair's rank (clusters of more than
/// kMaxClusterHosts hosts are counted and left out); there each pair's sums meet the two hosts'
/// document counts and names, summed on each host's rank. Returns the rows this rank owns,
/// sorted by (host_a, host_b): the same rows, overall, for any rank count.
std::vector<MirrorRow> find_mirror_hosts(Exchanger& exchanger,
                                         std::span<const ClusterMember> members,
                                         const LocalDocs& docs,
                                         std::span<const std::uint64_t> host_ids,
                                         const HostNames& names, double min_share,
                                         MirrorCounts& counts);

}  // namespace neardup
