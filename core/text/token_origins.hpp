// Where each canonical token came from in the raw text, so that a job can cut tokens out of
// the text it read (spans) and not only compare them.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"

namespace neardup {

/// The raw bytes [start, end) a token came from: from the first byte of the first character
/// that made it to the last byte of the last one. Normalization works on a character and the
/// marks that join it, so two tokens made from one such character (a fraction's digits, a
/// ligature split by a separator) share its bytes; no other bytes are shared.
struct TokenOrigin {
  std::uint32_t start = 0;
  std::uint32_t end = 0;
  bool operator==(const TokenOrigin&) const = default;
};

/// Tokenizes `raw` with `tokenizer` into `out`, exactly as tokenizer.tokenize does, and
/// writes each token's origin into `origins` (one per token, in order). Returns false, with
/// `origins` empty, in the one case where origins cannot be told: normalizing a character
/// with the marks that join it, alone, gave other tokens than normalizing the text (which the
/// Unicode tokens of every script tested never do).
bool tokenize_with_origins(Tokenizer& tokenizer, std::string_view raw, TokenStream& out,
                           std::vector<TokenOrigin>& origins);

namespace detail {

/// The Unicode tokens of all of `raw` found character by character, each character normalized
/// with the marks that join it, into `out`, and their origins into `origins` (replaced): what
/// tokenize_with_origins does in each stretch of text that holds characters other than ASCII.
void tokenize_unicode_located(std::string_view raw, TokenStream& out,
                              std::vector<TokenOrigin>& origins);

}  // namespace detail

}  // namespace neardup
