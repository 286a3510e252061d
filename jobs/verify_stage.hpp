// Stage 5, verify: each candidate pair is checked against the threshold on the rank that owns
// its first document, with the second document's payload fetched from its owner in rounds.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/candidate_edges.hpp"
#include "jobs/doc_fetch.hpp"
#include "jobs/exchange.hpp"

namespace neardup {

/// How a candidate pair is verified.
enum class VerifyMode {
  kEstimate,  // payload = MinHash signature; similarity = fraction of agreeing entries
  kExact,     // payload = sorted shingle set; similarity = exact Jaccard
};

/// A pair that passed verification, with its similarity.
struct VerifiedPair {
  DocId a = 0;
  DocId b = 0;
  double similarity = 0;
};

/// Collective: verifies this rank's candidate pairs (sorted by a, all owned by this rank) in
/// rounds of at most `pairs_per_round` pairs (all ranks run the same number of rounds), and
/// returns those that pass, in input order: exact Jaccard >= `threshold` (exact), or at least
/// `min_agree` equal signature entries (estimate). `provide` serves this rank's documents:
/// 4-byte signature entries (estimate) or 8-byte sorted shingle hashes (exact). When `local` is
/// set, this rank's own documents are read through it instead of being fetched (no copy).
std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            double threshold, VerifyMode mode, unsigned min_agree,
                                            const OwnerFn& owner, const PayloadFn& provide,
                                            const PayloadViewFn& local,
                                            std::size_t pairs_per_round);

}  // namespace neardup
