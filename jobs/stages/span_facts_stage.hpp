// The spans job's search, stage 3: each window of min_tokens tokens found again across ranks
// through winnowed anchors. Where every occurrence of an anchor has the same context, all its
// windows are decided at once; only the windows of the other shared anchors move one by one.
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

/// A token of a document (an anchor's k-gram, or a window's first token) and a fact: for an
/// anchor, the fact of every window it anchors, whose equal window lies at the same offset
/// from the equal anchor; for a window, its own.
struct TokenFact {
  DocId doc = 0;
  std::uint32_t token = 0;
  WindowFact fact;
};

/// Orders facts by place: document, then token.
inline constexpr auto by_place = [](const TokenFact& a, const TokenFact& b) {
  return a.doc != b.doc ? a.doc < b.doc : a.token < b.token;
};

/// The rank owning a fingerprint `hash` (a k-gram's, a window's, a unit's) among `ranks`.
inline int fingerprint_owner(std::uint64_t hash, int ranks) {
  return static_cast<int>((hash >> 40) % static_cast<std::uint64_t>(ranks));
}

/// What the search found for this rank's documents, each list sorted by (doc, token).
struct SpanFacts {
  std::vector<TokenFact> anchors;  // anchors whose every occurrence has the same context
  std::vector<TokenFact> windows;  // repeated windows of the other shared anchors
};

/// What the search counted on this rank.
struct SpanSearchCounts {
  std::uint64_t anchors = 0;         // anchors this rank's documents sent
  std::uint64_t shared_anchors = 0;  // of them, anchors whose k-gram hash another anchor has
  std::uint64_t whole_anchors = 0;   // of those, decided whole (same context everywhere)
  std::uint64_t windows = 0;         // windows sent one by one (of the other shared anchors)
  std::uint64_t repeated = 0;        // windows received whose hash another window has
  std::uint64_t unlocated_docs = 0;  // --unit: documents whose tokens' bytes are unknown
  /// The sizes of the largest groups of equal windows (or anchors decided whole) this rank
  /// received, largest first (at most kLargestRepeats).
  std::vector<std::uint64_t> largest;
};

/// How many of the largest groups of equal windows a rank reports.
inline constexpr std::size_t kLargestRepeats = 10;

/// Collective: the facts of the repeated windows of `docs` (this rank's documents, ascending).
/// Each document is tokenized with `tokens_of` (twice when it has shared anchors that are not
/// decided whole). Its anchors go to the ranks owning their k-gram hashes, with the hash of
/// their context (the tokens of every window holding the anchor). A hash several anchors share
/// is decided whole when they all have one context, full inside their documents: then their
/// windows are equal offset by offset, the first anchor in input order holds the first
/// windows, the others copies. Otherwise the windows of those anchors go one by one to the
/// ranks owning their hashes (windows anywhere with an equal anchor have equal hashes), which
/// group them. Fingerprints are ANDed with `mask`. Equal hashes are taken for equal tokens:
/// the cuts compare the tokens.
SpanFacts find_span_facts(Exchanger& exchanger, std::span<const DocId> docs,
                          const TokensOf& tokens_of, const SpanSpec& spec, std::uint64_t mask,
                          const OwnerFn& owner, SpanSearchCounts& counts);

/// The fact of every window of a document of `tokens` (kUnique unless `anchors` or `windows`,
/// its parts of SpanFacts, say otherwise), for cut_repeats.
std::vector<WindowFact> document_window_facts(const TokenStream& tokens, const SpanSpec& spec,
                                              std::uint64_t mask,
                                              std::span<const TokenFact> anchors,
                                              std::span<const TokenFact> windows);

}  // namespace neardup
