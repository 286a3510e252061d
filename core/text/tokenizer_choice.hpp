// The tokenizer a job uses (--tokenizer): Unicode (the default) or the ASCII one, run through
// one object that also counts the invalid UTF-8 it met.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/sketch/minhash_kernels.hpp"
#include "core/text/tokenizer.hpp"

namespace neardup {

/// Which rule turns text into canonical tokens.
enum class TokenizerKind {
  kUnicode,  // tokenize_unicode: NFKC + case folding, L/M/N runs, unspaced scripts per character
  kAscii,    // tokenize: runs of ASCII letters and digits or bytes >= 0x80, A-Z lowercased
};

/// "unicode" or "ascii": the names the flag, stats.json, index.meta and logs use.
const char* tokenizer_kind_name(TokenizerKind kind);

/// The ASCII tokenizer kernel of an instruction-set level (--kernel, named after the MinHash
/// kernels): for avx512 the fastest this CPU runs (fastest_ascii_tokenizer: tokenize_avx512_vbmi2
/// or tokenize_avx512 when it has them), for avx2 tokenize_avx2, for scalar tokenize_scalar;
/// when this CPU lacks that one, the fastest it has below it. All give identical tokens.
AsciiTokenizerFn ascii_tokenizer_for(MinhashKernel kernel);

/// Tokenizes documents under one TokenizerKind and counts the invalid UTF-8 bytes it met.
/// Holds no buffers: one per thread or per reader, cheap to copy.
class Tokenizer {
 public:
  /// Tokenizes under `kind`, with `ascii` for ASCII text (all of it for kAscii, the fast
  /// path for kUnicode): `tokenize` (the CPU's fastest) or a kernel of ascii_tokenizer_for.
  explicit Tokenizer(TokenizerKind kind = TokenizerKind::kUnicode,
                     AsciiTokenizerFn ascii = neardup::tokenize)
      : kind_(kind), ascii_(ascii) {}

  /// The rule this tokenizer follows.
  TokenizerKind kind() const { return kind_; }

  /// Writes the canonical tokens of `raw` into `out`, replacing its contents: tokenize_unicode
  /// or the ASCII tokenizer (which sees every byte as a byte and counts nothing).
  void tokenize(std::string_view raw, TokenStream& out);

  /// Bytes that were not part of valid UTF-8, summed over every text tokenized so far (always
  /// 0 for kAscii).
  std::uint64_t invalid_utf8_bytes() const { return invalid_utf8_bytes_; }

 private:
  TokenizerKind kind_;
  AsciiTokenizerFn ascii_;
  std::uint64_t invalid_utf8_bytes_ = 0;
};

}  // namespace neardup
