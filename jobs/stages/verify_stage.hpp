// Stage 5, verify: each candidate pair is checked against the threshold on the rank that holds
// it, with its documents' payloads made by their owners (fetched when remote) in rounds.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/verified_pair.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/pair_check.hpp"
#include "jobs/stages/round_payloads.hpp"

namespace neardup {

/// How verification treats a candidate pair.
struct VerifyRule {
  CheckRule check;  // when a checked pair passes
  /// Leave a pair unchecked when verified pairs on this rank already join its documents: the
  /// connected components (clusters) are the same, only the list of verified pairs is shorter.
  /// For runs that do not write every verified pair.
  bool skip_joined = false;
};

/// What verification did besides the pairs that passed (this rank's counts).
struct VerifyCounts {
  std::uint64_t checked = 0;         // pairs whose payloads were compared
  std::uint64_t skipped_joined = 0;  // pairs left unchecked: their documents were joined
  std::uint64_t rounds = 0;          // payload rounds (the same on every rank)
};

/// Collective: verifies this rank's candidate pairs (sorted by (a, b); any rank may own their
/// documents) and returns those that pass under `rule`, sorted, with their similarity
/// (see PairCheck). Pairs go in rounds whose documents' payloads add
/// up to at most access.round_bytes (a round holds at least one pair), so memory does not grow
/// with the size of a cluster; a document's payload is made once per round it appears in, and
/// rounds take the pairs component by component (see RoundPlanner). Rounds are planned one at
/// a time, so with rule.skip_joined a large cluster joined by its first rounds costs nothing
/// more.
std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            const VerifyRule& rule, const PayloadAccess& access,
                                            VerifyCounts& counts);

/// Collective: verify_candidates over this rank's `pairs` (sorted, each on rank owner(a)) under
/// `rule`. With rule.skip_joined (a run that does not list every verified pair), pairs whose
/// documents earlier pairs already joined are not checked, and on several ranks every pair
/// first moves to the rank that checks its connected component of the candidate graph (the
/// owner of a member drawn as if at random), so a cluster's documents are made once each, by
/// their owners, and fetched once, and as a component's pairs are checked in the same order on
/// any rank count, so are the pairs checked and those that pass. Without, every pair is
/// checked on rank owner(a). Returns the pairs that pass on rank owner(a), sorted.
std::vector<VerifiedPair> verify_by_component(Exchanger& exchanger, std::vector<DocPair>&& pairs,
                                              const VerifyRule& rule, const PayloadAccess& access,
                                              VerifyCounts& counts);

}  // namespace neardup
