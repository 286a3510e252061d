// The spans job's search, stage 3: each window of min_tokens tokens found again across ranks
// through winnowed anchors, in two shuffles, so that only windows near a shared anchor move.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/spans/repeat_cuts.hpp"
#include "core/text/tokenizer.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// Tokenizes a document this rank owns into `out`.
using TokensOf = std::function<void(DocId doc, TokenStream& out)>;

/// A window that is not unique: its document, its first token and its fact.
struct DocWindowFact {
  DocId doc = 0;
  std::uint32_t token = 0;
  WindowFact fact;
};

/// What the search counted on this rank.
struct SpanSearchCounts {
  std::uint64_t anchors = 0;         // anchors this rank's documents sent
  std::uint64_t shared_anchors = 0;  // of them, anchors whose hash another anchor has
  std::uint64_t windows = 0;         // windows sent, those of shared anchors
  std::uint64_t repeated = 0;        // windows received whose hash another window has
  /// The sizes of the largest groups of equal windows this rank received, largest first (at
  /// most kLargestRepeats).
  std::vector<std::uint64_t> largest;
};

/// How many of the largest groups of equal windows a rank reports.
inline constexpr std::size_t kLargestRepeats = 10;

/// Collective: the facts of the windows of `docs` (this rank's documents, ascending) that are
/// not unique, sorted by (doc, token). Each document is tokenized twice with `tokens_of`:
/// first its anchors go to the ranks owning their hashes, which send back those another
/// anchor shares; then the windows anchored at shared anchors go to the ranks owning their
/// hashes, which group equal hashes (windows anywhere with an equal anchor have equal
/// hashes) and send each window of a group its fact. Fingerprints are ANDed with `mask`.
/// Equal hashes are taken for equal windows: the cuts compare the tokens.
std::vector<DocWindowFact> find_window_facts(Exchanger& exchanger, std::span<const DocId> docs,
                                             const TokensOf& tokens_of, const SpanSpec& spec,
                                             std::uint64_t mask, const OwnerFn& owner,
                                             SpanSearchCounts& counts);

}  // namespace neardup
