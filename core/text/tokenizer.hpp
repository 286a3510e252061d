// Canonical tokenizer: ASCII-lowercased runs of [A-Za-z0-9] or bytes >= 0x80, joined by one space.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// A document's canonical token stream: `text` holds the tokens joined by single spaces, and
/// token i occupies text[starts[i], ends[i]). Reused across documents to avoid allocations.
struct TokenStream {
  std::string text;
  std::vector<std::uint32_t> starts;
  std::vector<std::uint32_t> ends;

  /// Number of tokens.
  std::size_t size() const { return starts.size(); }
};

/// True for bytes that belong to tokens: ASCII letters and digits, and every byte >= 0x80
/// (so UTF-8 multi-byte characters stay inside tokens; invalid UTF-8 is just bytes).
constexpr bool is_token_byte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

/// A token byte as canonical tokens hold it: ASCII A-Z lowercased, every other byte as it is.
constexpr unsigned char canonical_byte(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c + ('a' - 'A')) : c;
}

/// Splits `raw` into canonical tokens (maximal runs of token bytes, ASCII A-Z lowercased) and
/// writes them into `out`, replacing its previous contents. Runs fastest_ascii_tokenizer();
/// all kernels give identical results.
void tokenize(std::string_view raw, TokenStream& out);

/// The signature every ASCII tokenizer kernel shares (tokenize and the kernels below).
using AsciiTokenizerFn = void (*)(std::string_view raw, TokenStream& out);

/// The fastest kernel this CPU runs: tokenize_avx512_vbmi2, else tokenize_avx512, else
/// tokenize_avx2, else tokenize_scalar.
AsciiTokenizerFn fastest_ascii_tokenizer();

/// The portable tokenizer (see tokenize).
void tokenize_scalar(std::string_view raw, TokenStream& out);

/// Whether this CPU can run tokenize_avx512 (AVX-512F and BW, AVX2, BMI2 and POPCNT).
bool tokenize_avx512_supported();

/// The AVX-512BW tokenizer, for AVX-512 CPUs without VBMI2 (see tokenize); call it only when
/// tokenize_avx512_supported().
void tokenize_avx512(std::string_view raw, TokenStream& out);

/// Whether this CPU can run tokenize_avx512_vbmi2 (tokenize_avx512's and AVX-512 VBMI2).
bool tokenize_avx512_vbmi2_supported();

/// The AVX-512 tokenizer with VBMI2's byte compress (see tokenize); call it only when
/// tokenize_avx512_vbmi2_supported().
void tokenize_avx512_vbmi2(std::string_view raw, TokenStream& out);

/// Whether this CPU can run tokenize_avx2 (AVX2, BMI1 and POPCNT).
bool tokenize_avx2_supported();

/// The AVX2 tokenizer (see tokenize); call it only when tokenize_avx2_supported().
void tokenize_avx2(std::string_view raw, TokenStream& out);

}  // namespace neardup
