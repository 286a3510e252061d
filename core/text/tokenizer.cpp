// Canonical tokenizer: ASCII-lowercased runs of [A-Za-z0-9] or bytes >= 0x80, joined by one space.
#include "core/text/tokenizer.hpp"

#include <array>

#include "core/text/token_stream_buffers.hpp"

namespace neardup {
namespace {

// Each byte's canonical form inside a token (A-Z lowercased), or 0 for a separator.
constexpr std::array<unsigned char, 256> make_canonical_bytes() {
  std::array<unsigned char, 256> table{};
  for (unsigned c = 0; c < 256; ++c) {
    if (!is_token_byte(static_cast<unsigned char>(c))) continue;
    table[c] = canonical_byte(static_cast<unsigned char>(c));
  }
  return table;
}

constexpr std::array<unsigned char, 256> kCanonicalByte = make_canonical_bytes();

}  // namespace

void tokenize(std::string_view raw, TokenStream& out) {
  static const AsciiTokenizerFn best = fastest_ascii_tokenizer();
  best(raw, out);
}

AsciiTokenizerFn fastest_ascii_tokenizer() {
  // Fastest first. neardup-kernels-bench (6000-byte document, medians of 5 to 7 over six
  // runs) on a shared EPYC Zen 4: avx512_vbmi2 5.6-7.1 GB/s, avx512 2.9-3.8, avx2 2.3-3.4,
  // scalar 0.37-0.52.
  if (tokenize_avx512_vbmi2_supported()) return tokenize_avx512_vbmi2;
  if (tokenize_avx512_supported()) return tokenize_avx512;
  if (tokenize_avx2_supported()) return tokenize_avx2;
  return tokenize_scalar;
}

void tokenize_scalar(std::string_view raw, TokenStream& out) {
  // Branch-free over the bytes (token boundaries come every few bytes and would mispredict):
  // every byte writes its canonical form, or a space for a separator, at the cursor; the cursor
  // advances past token bytes and past the first separator after a token, so separator runs
  // collapse to one space. Starts and ends are written unconditionally and kept when they are
  // boundaries. Buffers have room for the worst case (one token per two bytes).
  const std::size_t n = raw.size();
  const auto [text, starts, ends] = detail::open_token_stream(out, n, 1);
  std::uint32_t cursor = 0;
  std::size_t tokens = 0, closed = 0;
  bool in_token = false;
  const auto* bytes = reinterpret_cast<const unsigned char*>(raw.data());
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char c = kCanonicalByte[bytes[i]];
    const bool token_byte = c != 0;
    starts[tokens] = cursor;
    ends[closed] = cursor;
    tokens += token_byte & !in_token;
    closed += !token_byte & in_token;
    text[cursor] = token_byte ? static_cast<char>(c) : ' ';
    cursor += token_byte | in_token;
    in_token = token_byte;
  }
  if (in_token) ends[closed++] = cursor;
  detail::close_token_stream(out, cursor, tokens);
}

}  // namespace neardup
