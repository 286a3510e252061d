// Verifying candidate pairs with the pipeline's documents: sketches read in place or fetched,
// shingle sets re-read by the documents' owners. Shared by the methods that verify.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "jobs/pipeline/dedup_method.hpp"
#include "jobs/stages/verify_stage.hpp"

namespace neardup {

/// Collective: verify_candidates over this rank's `pairs` (sorted, owned by this rank) under
/// `rule`, with payloads from `search`: the documents' sketches (estimate) or their shingle
/// sets under the job's shingling (exact; call search.need_records for the pairs first), in
/// rounds of at most `round_bytes` of payloads, `joined_before` counting as joined (see
/// verify_candidates). Adds this rank's counts to `counts`.
std::vector<VerifiedPair> verify_pairs(PairSearch& search, std::span<const DocPair> pairs,
                                       const VerifyRule& rule, std::uint64_t round_bytes,
                                       VerifyCounts& counts,
                                       std::span<const DocPair> joined_before = {});

/// Collective: the exact check of `pairs` (this rank's, sorted, owned by this rank) against
/// `threshold`, as the "verify" stage: makes the pairs' records readable
/// (search.need_records), then checks. With `skip_joined` (a run that does not list every
/// verified pair), pairs already joined are not checked and, on several ranks, the check has
/// two phases: each rank first checks its pairs of two documents it owns (reading only its own
/// records, so the ranks share a large cluster's reads), then its other pairs, counting as
/// joined what every rank joined in the first phase and sharing what it joins after each
/// round: a cluster spread over the ranks then needs few pairs across them. Which pairs are
/// checked depends on the rank count, the clusters do not. Returns the pairs that pass on
/// rank owner(a), sorted.
std::vector<VerifiedPair> verify_exactly(PairSearch& search, std::vector<DocPair>&& pairs,
                                         double threshold, bool skip_joined,
                                         std::uint64_t round_bytes, VerifyCounts& counts);

}  // namespace neardup
