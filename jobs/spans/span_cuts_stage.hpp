// The spans job's cuts, stage 4: each document's window facts become token cuts, and each cut
// is confirmed by comparing its tokens with the equal run's, fetched from the rank that owns
// it, so that no hash collision can cut text.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/spans/repeat_cuts.hpp"
#include "core/spans/text_cuts.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/spans/span_facts_stage.hpp"

namespace neardup {

/// A document's text with its canonical tokens and their origins (when `located`).
struct LocatedText {
  std::string text;
  TokenStream tokens;
  std::vector<TokenOrigin> origins;
  bool located = false;
};

/// Reads and tokenizes a document this rank owns into `out`.
using LocatedOf = std::function<void(DocId doc, LocatedText& out)>;

/// A document's proposed cuts, each with the bytes it takes out of the text.
using ProposedCuts = std::vector<std::pair<TokenCut, ByteCut>>;

/// How a document's facts become its proposed cuts: from the document (read and located), its
/// anchors decided whole and its runs of windows (DocumentFacts::next).
using DocumentCuts =
    std::function<ProposedCuts(const LocatedText& doc, std::span<const TokenFact> anchors,
                               std::span<const WindowRun> windows)>;

/// The cuts of runs (--unit run): document_window_facts (with `mask`), cut_repeats under
/// `spec`, byte_cut. A cut that would join the tokens around it into one (joins_neighbours,
/// under `tokenizer`) keeps its first token, which is of a script written without spaces and
/// so stays a token of its own between them.
DocumentCuts run_cuts(const SpanSpec& spec, std::uint64_t mask, TokenizerKind tokenizer);

/// A cut confirmed on the tokens: what spans/ and deduped/ read. Its equal run's document
/// (the kept one under kFirst) is tokens.equal_doc.
struct ConfirmedCut {
  DocId doc = 0;
  std::uint32_t doc_tokens = 0;  // the document's tokens, cut or not
  TokenCut tokens;
  ByteCut bytes;                       // in the document's text
  std::int64_t equal_byte_start = -1;  // the equal run's first byte in its text; -1: unknown
};

/// Takes each confirmed cut, in order.
using CutSink = std::function<void(const ConfirmedCut& cut)>;

/// What confirming counted on this rank.
struct SpanCutCounts {
  std::uint64_t proposed = 0;            // cuts the window facts gave
  std::uint64_t refused = 0;             // of them, cuts whose tokens differ from the equal run's
  std::uint64_t unlocated_docs = 0;      // documents whose tokens' bytes are unknown: nothing cut
  std::uint64_t equal_runs_fetched = 0;  // stretches of equal text asked for, per round
  std::uint64_t rounds = 0;              // rounds of proposals and fetches (the same on every rank)
};

/// Collective: the confirmed cuts of this rank's documents, given to `confirmed` sorted by
/// document and token, round after round. `facts`, read a document at a time, give each
/// document's cuts (`cuts_of`); the equal runs their proofs name are fetched from their owners,
/// a document's overlapping or touching runs as one stretch (each stretch once per rank and
/// round: its canonical text and the first byte of the tokens where the cuts' kept copies
/// start), and a cut whose tokens differ from its equal run's is refused (counted). A document
/// whose origins are unknown (tokenize_with_origins) keeps every token. The documents are taken
/// in rounds, each until their proposed cuts' text reaches `round_bytes` on this rank (at least
/// one document), so that the text held for the comparison is bounded by it, not by the
/// corpus; every rank takes as many rounds as the rank that needs the most.
void confirm_cuts(Exchanger& exchanger, DocumentFacts& facts, const LocatedOf& located_of,
                  const DocumentCuts& cuts_of, const OwnerFn& owner, std::uint64_t round_bytes,
                  const CutSink& confirmed, SpanCutCounts& counts);

}  // namespace neardup
