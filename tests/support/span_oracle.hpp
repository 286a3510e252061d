// Brute-force truth for repeated spans: every window of min_tokens tokens grouped by its
// tokens themselves (no hashing), and the cut tokens by the rule's definition.
#pragma once

#include <string>
#include <vector>

#include "core/spans/repeat_cuts.hpp"

namespace neardup::testing {

/// A document as its canonical tokens.
using TokenList = std::vector<std::string>;

/// Each document's window facts (documents in input order; document i has DocId i), found by
/// grouping every window by its tokens.
std::vector<std::vector<WindowFact>> exact_window_facts(const std::vector<TokenList>& docs,
                                                        unsigned min_tokens);

/// Which tokens of each document the rule cuts, from the definition: under kFirst a token a
/// copy window holds and no first window holds; under kNone a token any repeated window holds.
std::vector<std::vector<bool>> tokens_cut_by_definition(
    const std::vector<std::vector<WindowFact>>& facts, const std::vector<TokenList>& docs,
    const SpanSpec& spec);

/// Checks what a user relies on in `cuts` (each document's, DocId = index): cuts in order,
/// disjoint, inside the document; each cut's tokens, and its proof's (at least min_tokens,
/// holding the cut), equal its equal run's (another place);
/// under kFirst that run is kept and none of its tokens is cut, under kNone no cut is kept.
/// Returns "" or the first problem.
std::string check_cuts(const std::vector<TokenList>& docs,
                       const std::vector<std::vector<TokenCut>>& cuts, const SpanSpec& spec);

/// The tokens `cuts` cut, per document.
std::vector<std::vector<bool>> tokens_cut(const std::vector<TokenList>& docs,
                                          const std::vector<std::vector<TokenCut>>& cuts);

}  // namespace neardup::testing
