// Stage 5, verify: each candidate pair is checked against the threshold on the rank that owns
// its first document, with the second document's payload fetched from its owner in rounds.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
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

/// "estimate" or "exact", as the --verify flag and stats.json spell it.
const char* verify_mode_name(VerifyMode mode);

/// The mode named `name` (verify_mode_name); anything else is kExact.
VerifyMode verify_mode_named(std::string_view name);

/// A pair that passed verification, with its similarity.
struct VerifiedPair {
  DocId a = 0;
  DocId b = 0;
  double similarity = 0;
};

/// An upper bound of the payload bytes of a document this rank owns.
using PayloadSizeFn = std::function<std::uint64_t(DocId)>;

/// Where verification gets documents' payloads and how much of them it may hold at once.
struct PayloadAccess {
  const OwnerFn& owner;
  /// Serves this rank's documents: 4-byte signature entries (estimate) or 8-byte sorted
  /// shingle hashes (exact).
  const PayloadFn& provide;
  /// When set, this rank's own documents are read through it instead of being fetched.
  PayloadViewFn local;
  /// The size bound of a document's payload (this rank's documents).
  const PayloadSizeFn& size_of;
  /// The payload bytes (both documents of every pair, each document once) a round may fetch.
  std::uint64_t round_bytes = 0;
};

/// Collective: verifies this rank's candidate pairs (sorted by a, all owned by this rank) and
/// returns those that pass, in input order: exact Jaccard >= `threshold` (exact), or at least
/// `min_agree` equal signature entries (estimate). Pairs go in rounds whose documents' payloads
/// add up to at most access.round_bytes (a round holds at least one pair; all ranks run the
/// same number of rounds), so memory does not grow with the size of a cluster; a document is
/// read once per round it appears in, so time grows with the number of pairs.
std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            double threshold, VerifyMode mode, unsigned min_agree,
                                            const PayloadAccess& access);

/// The first pair of every round when `pairs` are cut into consecutive rounds whose distinct
/// documents' `bytes_of` add up to at most `round_bytes` (or hold a single pair), followed by
/// pairs.size().
std::vector<std::size_t> plan_verify_rounds(std::span<const DocPair> pairs,
                                            const std::function<std::uint64_t(DocId)>& bytes_of,
                                            std::uint64_t round_bytes);

}  // namespace neardup
