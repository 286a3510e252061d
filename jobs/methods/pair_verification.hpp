// Verifying candidate pairs with the pipeline's documents: sketches read in place or fetched,
// shingle sets re-read by the documents' owners. Shared by the methods that verify.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "jobs/pipeline/dedup_method.hpp"
#include "jobs/stages/verify_stage.hpp"

namespace neardup {

/// Collective: verify_candidates over this rank's `pairs` (sorted) under `rule`, with payloads
/// from `search`: the documents' sketches, read in place or fetched (estimate), or their
/// shingle sets under the job's shingling, made by their owners (exact; call
/// search.need_records for the pairs first), in rounds of at most `round_bytes` of payloads.
/// Adds this rank's counts to `counts`.
std::vector<VerifiedPair> verify_pairs(PairSearch& search, std::span<const DocPair> pairs,
                                       const VerifyRule& rule, std::uint64_t round_bytes,
                                       VerifyCounts& counts);

/// Collective: verify_pairs over this rank's `pairs` (sorted, owned by this rank) under
/// `rule`. With rule.skip_joined (a run that does not list every verified pair), pairs whose
/// documents earlier pairs already joined are not checked, and on several ranks every pair
/// first moves to the rank that checks its connected component of the candidate graph (the
/// owner of a member drawn as if at random), so a cluster's documents are made once each, by
/// their owners, and fetched once, and as a component's pairs are checked in the same order on
/// any rank count, so are the pairs checked and those that pass. Without, every pair is
/// checked on rank owner(a). Returns the pairs that pass on rank owner(a), sorted.
std::vector<VerifiedPair> verify_by_component(PairSearch& search, std::vector<DocPair>&& pairs,
                                              const VerifyRule& rule, std::uint64_t round_bytes,
                                              VerifyCounts& counts);

/// Collective: the exact check of `pairs` (this rank's, sorted, owned by this rank) against
/// `threshold`, as the "verify" stage: makes the pairs' records readable
/// (search.need_records), then verify_by_component, skipping joined pairs with `skip_joined`.
std::vector<VerifiedPair> verify_exactly(PairSearch& search, std::vector<DocPair>&& pairs,
                                         double threshold, bool skip_joined,
                                         std::uint64_t round_bytes, VerifyCounts& counts);

}  // namespace neardup
