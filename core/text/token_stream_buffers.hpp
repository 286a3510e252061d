// Shared by the tokenizers: a TokenStream sized for the worst case, written through raw
// pointers, then trimmed to what was written.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/text/tokenizer.hpp"

namespace neardup::detail {

/// Where a tokenizer writes: the canonical text and the token starts and ends.
struct TokenStreamBuffers {
  char* text;
  std::uint32_t* starts;
  std::uint32_t* ends;
};

/// Sizes `out` for any `raw_bytes`-byte input (at most one token per two bytes), with
/// `text_slack` extra bytes of text and `bound_slack` extra starts and ends a tokenizer may
/// write past the last one.
inline TokenStreamBuffers open_token_stream(TokenStream& out, std::size_t raw_bytes,
                                            std::size_t text_slack, std::size_t bound_slack = 0) {
  out.text.resize(raw_bytes + text_slack);
  out.starts.resize(raw_bytes / 2 + 2 + bound_slack);
  out.ends.resize(raw_bytes / 2 + 2 + bound_slack);
  return {out.text.data(), out.starts.data(), out.ends.data()};
}

/// Writes every token's end from its start, for the kernels that find only starts: one space
/// separates each token from the next, so a token ends one byte before the next one starts;
/// the last of `tokens` ends at `text_end`. Uses AVX2, which every CPU running those kernels
/// has (defined in tokenizer_avx2.cpp).
void write_ends_from_starts(const std::uint32_t* starts, std::size_t tokens, std::uint32_t text_end,
                            std::uint32_t* ends);

/// Trims `out` to `tokens` tokens and `cursor` bytes of text, dropping the one space a
/// separator run after the last token left behind.
inline void close_token_stream(TokenStream& out, std::uint32_t cursor, std::size_t tokens) {
  if (tokens > 0 && cursor > out.ends[tokens - 1]) --cursor;
  out.text.resize(cursor);
  out.starts.resize(tokens);
  out.ends.resize(tokens);
}

}  // namespace neardup::detail
