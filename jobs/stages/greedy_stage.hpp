// Stage 6, clusters (the default): greedy clustering in keep order. Each connected group of
// candidates is decided on one rank, the owner of a member drawn as if at random: walking its
// documents in keep order, the first undecided one is kept and removes its undecided candidates
// that pass the check against it (core/graph/greedy_clusters.hpp), so every removed document names
// a kept near-duplicate, the first in keep order. Checks are made lazily, in collective rounds
// whose payloads fit a byte budget.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/keep/keep_rule.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/documents/verified_pair.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/mpi/stage_stats.hpp"
#include "jobs/stages/candidate_graph.hpp"
#include "jobs/stages/components_stage.hpp"
#include "jobs/stages/round_payloads.hpp"

namespace neardup {

/// What greedy clustering reads besides the candidates.
struct GreedyInputs {
  const OwnerFn& owner;
  const LocalDocs& docs;  // this rank's: their sketches, for the group filter
  DocSource& source;      // the keep rule's values
  const KeepRule& keep;
  CandidateRule rule;
  const PayloadAccess& access;  // the check's payloads (see reads_shingle_sets)
  /// A group's first members (in keep order) that check it when kept (GroupRule::checkers).
  std::uint32_t group_checkers = 0;
  /// This rank's documents removed before clustering (an earlier corpus has them), sorted:
  /// they keep nothing and remove nothing.
  std::span<const DocId> removed_beforehand;
  /// Failed checks whose similarity is in [low, high) are near misses (what a lower threshold
  /// would add).
  double near_miss_low = 0;
  double near_miss_high = 0;
};

/// What greedy clustering did (global: the same on every rank).
struct GreedyCounts {
  std::uint64_t rounds = 0;             // collective payload rounds
  std::uint64_t checks = 0;             // pairs checked
  std::uint64_t planned = 0;            // checks planned (not made when their kept one was removed)
  std::uint64_t group_filtered = 0;     // pairs of groups the sketch filter rejected
  std::uint64_t group_passed = 0;       // group memberships past the group's checkers
  std::uint64_t components = 0;         // connected groups of candidates
  std::uint64_t largest_component = 0;  // documents in the largest
  std::uint64_t near_misses = 0;        // failed checks in the near-miss window
  std::uint64_t keep_moved = 0;         // clusters whose kept document is not their first
  std::uint64_t without_value = 0;      // documents in candidates without a keep value
  std::string first_without_value;      // "path:line" of the first of those, or ""
};

/// How many near misses each rank keeps (the most similar), for report.html.
inline constexpr std::size_t kNearMissesKept = 20;

/// What greedy clustering decided.
struct GreedyResult {
  /// On rank owner(doc), sorted by doc: every removed document with the kept document that
  /// removed it (root) and their similarity, and every kept document that removed one (root
  /// itself, similarity 1).
  std::vector<ClusterMember> members;
  /// The failed checks of this rank's components that are nearest the threshold from below
  /// (at most kNearMissesKept, most similar first, ties by documents).
  std::vector<VerifiedPair> near_misses;
};

/// Collective: greedy clustering of the candidates `graph` (every rank's) in the keep order of
/// `in.keep` (its values, then document ids). The result is the same for any rank count and
/// split size: it depends on the candidates, the check and the keep rule only. Times its steps
/// on `clock` ("components", then "verify").
GreedyResult greedy_clusters(Exchanger& exchanger, const CandidateGraph& graph,
                             const GreedyInputs& in, std::uint64_t round_bytes, StageClock& clock,
                             GreedyCounts& counts);

/// Collective: the pair of each removed document of `members` (this rank's, as greedy_clusters
/// returns them) and its kept document, with their similarity, on rank owner(a), sorted.
std::vector<VerifiedPair> removal_pairs(Exchanger& exchanger,
                                        std::span<const ClusterMember> members,
                                        const OwnerFn& owner);

/// Collective: the kNearMissesKept most similar of every rank's `near_misses` (ties by
/// documents), on rank 0; empty elsewhere.
std::vector<VerifiedPair> top_near_misses(Exchanger& exchanger,
                                          std::vector<VerifiedPair>&& near_misses);

}  // namespace neardup
