// The spans job's search, stage 3: each window of min_tokens tokens found again across ranks
// through winnowed anchors. Anchors are grouped by k-gram and context: a group with one
// context is decided at once; in the others one representative per context sends its
// windows' hashes to the k-gram's owner, and the rest follow it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/spans/anchor_followers.hpp"
#include "core/spans/repeat_cuts.hpp"
#include "core/text/tokenizer.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/spans/fact_records.hpp"

namespace neardup {

/// Tokenizes a document this rank owns into `out`.
using TokensOf = std::function<void(DocId doc, TokenStream& out)>;

/// What the search counted on this rank: its documents' anchors and windows, and the k-grams
/// it owns (sums over ranks count each anchor and window once).
struct SpanSearchCounts {
  std::uint64_t anchors = 0;           // anchors this rank's documents sent
  std::uint64_t shared_anchors = 0;    // anchors received whose k-gram hash another anchor has
  std::uint64_t whole_anchors = 0;     // of those, decided whole (same context everywhere)
  std::uint64_t follower_anchors = 0;  // of the others, resolved from a representative's
  std::uint64_t windows = 0;           // windows this rank's representatives sent
  std::uint64_t repeated = 0;          // representatives' windows received that repeat
  std::uint64_t window_runs = 0;       // runs of window facts sent to the documents' owners
  std::uint64_t unlocated_docs = 0;    // --unit: documents whose tokens' bytes are unknown
  std::uint64_t rounds = 0;            // rounds of the anchors' and the windows' exchanges
  std::uint64_t spilled_bytes = 0;     // bytes this rank's search spilled to its scratch files
  /// The sizes of the largest groups of equal windows (or anchors decided whole) this rank
  /// received, followers counted, largest first (at most kLargestRepeats).
  std::vector<std::uint64_t> largest;
};

/// How many of the largest groups of equal windows a rank reports.
inline constexpr std::size_t kLargestRepeats = 10;

/// Notes a group of `size` equal windows in `largest` (largest first, at most kLargestRepeats).
inline void note_repeat(std::uint64_t size, std::vector<std::uint64_t>& largest) {
  largest.push_back(size);
  std::sort(largest.begin(), largest.end(), std::greater<>());
  if (largest.size() > kLargestRepeats) largest.pop_back();
}

/// The entry at `token` of one document's `part` of a list sorted by place, if any.
template <class Place>
const Place* at_token(std::span<const Place> part, std::uint32_t token) {
  const auto it = std::lower_bound(part.begin(), part.end(), token,
                                   [](const Place& f, std::uint32_t t) { return f.token < t; });
  return it != part.end() && it->token == token ? &*it : nullptr;
}

/// How much the search holds on a rank at once: what one round takes (`round_bytes` of
/// anchors, or of representatives' windows) and, past that, the scratch files it spills to,
/// named `path` and a suffix.
struct SearchRounds {
  std::string path;
  std::uint64_t round_bytes = 64ull << 20;

  /// What each list of findings gathered for this rank's documents round by round holds in
  /// memory before it goes to a scratch file as a sorted run (SortedRuns).
  std::uint64_t findings_bytes() const { return round_bytes / 4; }
};

/// Collective: the facts of the repeated windows of `docs` (this rank's documents, ascending),
/// given to `facts` in fact_record_less order once the search is done. Each document is
/// tokenized with `tokens_of` (twice when it holds a representative). Its
/// anchors go to the ranks owning their k-gram hashes, with the hash of their context (the
/// tokens of every window holding the anchor; anchors with equal contexts, full inside their
/// documents, have equal windows offset by offset). A hash several anchors share is decided
/// whole when they all have one context: the first anchor in input order holds the first
/// windows, the others copies. Otherwise the first anchor of each context is its
/// representative, and the others follow it. The representatives' owners send the hashes of
/// their windows back to the k-gram's owner: every occurrence of a window has an equal
/// anchor, so all of them are in the same k-gram's group. It groups them and sends each
/// window's fact, the followers' too (resolve_followers), to the documents' owners as runs.
/// Both exchanges go in rounds of k-gram buckets (`rounds`, search_rounds), what waits for a
/// later round in scratch files; what the documents' owners gather from the rounds is kept as
/// SortedRuns (`rounds.findings_bytes()` in memory each). Fingerprints are ANDed with `mask`.
/// Equal hashes are taken for equal tokens: the cuts compare the tokens.
void find_span_facts(Exchanger& exchanger, std::span<const DocId> docs, const TokensOf& tokens_of,
                     const SpanSpec& spec, std::uint64_t mask, const OwnerFn& owner,
                     const SearchRounds& rounds, const FactSink& facts, SpanSearchCounts& counts);

/// The fact of every window of a document of `tokens` (kUnique unless `anchors` or `windows`,
/// its facts, say otherwise), for cut_repeats. A fact is taken only for a window
/// anchored where the fact says, so that each window has one source even when hashes collide.
std::vector<WindowFact> document_window_facts(const TokenStream& tokens, const SpanSpec& spec,
                                              std::uint64_t mask,
                                              std::span<const TokenFact> anchors,
                                              std::span<const WindowRun> windows);

}  // namespace neardup
