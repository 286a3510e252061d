// Which tokens of a document are cut, from where each window of min_tokens tokens stands
// among the windows equal to it: every cut run has an equal run that stays.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/doc_id.hpp"
#include "core/spans/span_spec.hpp"

namespace neardup {

/// A window of min_tokens tokens among the windows of the corpus equal to it, and one of
/// them, (equal_doc, equal_token): for a kCopy the first, for a kFirst the second. Packed
/// (13 bytes, not 24): ranks hold and exchange them by the million.
struct [[gnu::packed]] WindowFact {
  enum class Kind : std::uint8_t {
    kUnique,  // no other window is equal to it
    kFirst,   // equal windows exist, and this one comes first in input order
    kCopy,    // an equal window comes before it
  };
  Kind kind = Kind::kUnique;
  DocId equal_doc = 0;
  std::uint32_t equal_token = 0;

  bool operator==(const WindowFact&) const = default;
};

/// (equal_doc, equal_token) as a value that orders as places do (input order).
inline std::pair<DocId, std::uint32_t> equal_place(const WindowFact& fact) {
  return {DocId{fact.equal_doc}, std::uint32_t{fact.equal_token}};
}

/// Tokens [begin, end) cut from a document, equal (by the window facts) to tokens
/// [equal_begin, equal_begin + end - begin) of document equal_doc, which stay when `kept`.
/// The proof of the cut is the run of whole windows that holds it, tokens [proof_begin,
/// proof_end) (at least min_tokens), equal to the same shift of the equal document: a cut is
/// confirmed by comparing its proof's tokens, never only its own (a cut can be one token).
struct TokenCut {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool kept = false;
  DocId equal_doc = 0;
  std::uint32_t equal_begin = 0;
  std::uint32_t proof_begin = 0;
  std::uint32_t proof_end = 0;

  /// Where the proof's equal run starts in equal_doc.
  std::uint32_t equal_proof_begin() const { return equal_begin - (begin - proof_begin); }

  bool operator==(const TokenCut&) const = default;
};

/// The cuts of a document of `tokens` tokens whose window at p (tokens [p, p + min_tokens))
/// is `facts[p]` (facts.size() = tokens - min_tokens + 1, or empty for a shorter document),
/// in order and disjoint. A cut is a run of consecutive tokens whose windows point at one run
/// of one document (the equal run); where they change document or offset, a new cut starts.
/// KeepOccurrence::kNone: every token of a window that is not kUnique is cut, and no cut is
/// kept. KeepOccurrence::kFirst: a token is cut when a kCopy window holds it and no kFirst
/// window does, and the equal run is the kept one: the first windows of every repeated text
/// stay whole, so the text a cut names as kept is never cut itself (a chain A ~ B ~ C cannot
/// delete B's text from both B and C); a cut can be shorter than min_tokens where a first
/// window overlaps it.
std::vector<TokenCut> cut_repeats(std::span<const WindowFact> facts, std::uint32_t tokens,
                                  const SpanSpec& spec);

}  // namespace neardup
