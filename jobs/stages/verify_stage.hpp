// Stage 5, verify: each candidate pair is checked against the threshold on the rank that holds
// it, with its documents' payloads made by their owners (fetched when remote) in rounds.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/candidate_edges.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/verified_pair.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/options/verify_mode.hpp"

namespace neardup {

/// Where verification gets documents' payloads and how much of them it may hold at once.
struct PayloadAccess {
  const OwnerFn& owner;
  /// Serves this rank's documents: 4-byte signature entries (estimate) or 8-byte sorted
  /// shingle hashes (exact).
  const PayloadFn& provide;
  /// When set, this rank's own documents are read through it instead of being computed.
  PayloadViewFn local;
  /// The size bound of a document's payload (this rank's documents).
  const PayloadSizeFn& size_of;
  /// The payload bytes (both documents of every pair, each document once) a round may hold.
  std::uint64_t round_bytes = 0;
};

/// How verification treats a candidate pair.
struct VerifyRule {
  VerifyMode mode = VerifyMode::kExact;
  double threshold = 0;    // exact: Jaccard >= threshold passes
  unsigned min_agree = 0;  // estimate: at least this many equal signature entries pass
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
/// (exact Jaccard or share of equal entries). Pairs go in rounds whose documents' payloads add
/// up to at most access.round_bytes (a round holds at least one pair), so memory does not grow
/// with the size of a cluster; a document's payload is made once per round it appears in, and
/// rounds take the pairs component by component (see RoundPlanner). Rounds are planned one at
/// a time, so with rule.skip_joined a large cluster joined by its first rounds costs nothing
/// more.
std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            const VerifyRule& rule, const PayloadAccess& access,
                                            VerifyCounts& counts);

}  // namespace neardup
