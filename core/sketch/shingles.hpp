// Shingling: a document becomes the set of 64-bit hashes of its word or character n-grams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"

namespace neardup {

/// What a shingle is made of.
enum class ShingleKind { kWord, kChar };

/// How documents are shingled: word n-grams (default, n = 5) or character n-grams, all of them
/// or a sample.
struct ShingleSpec {
  ShingleKind kind = ShingleKind::kWord;
  unsigned n = 5;
  /// Broder's sampling: only the shingles whose hash is 0 mod `sample` are kept (1 = all). The
  /// resemblance of two documents' samples estimates that of their full sets, from 1/sample
  /// of the shingles.
  unsigned sample = 1;

  bool operator==(const ShingleSpec&) const = default;
};

/// The base of the polynomial that combines token hashes into a word shingle hash (odd, so
/// every power of it is invertible mod 2^64 and no token's hash is lost).
inline constexpr std::uint64_t kShingleBase = 0x9E3779B97F4A7C15ULL;

/// Writes the hash of every shingle position of a tokenized document into `out`, in text
/// order, repeats included (a minimum over them is the minimum over the set).
/// Word shingles: each token is hashed once, t = XXH3_64bits (seed 0) of its bytes followed
/// by zeros up to 16 bytes when it has at most 16, of its bytes alone when it is longer (no
/// tokenizer puts a NUL byte in a token, and the two kinds hash inputs of different lengths,
/// so distinct tokens stay distinct inputs); the shingle of tokens i .. i+k-1 is
/// sum_j t[i+j] * kShingleBase^(k-1-j) (mod 2^64), rolled from one position to the next,
/// with k = n; a document with 1 to n-1 tokens has exactly one shingle, of all its k tokens.
/// Two different token sequences collide with probability about 2^-60 when their token
/// hashes are random (the difference is a nonzero multiple of a token hash by a polynomial in
/// the odd base, with few factors of 2). Character shingles: each n-byte window of the
/// canonical text (tokens joined by one space) hashed with XXH3_64bits; a canonical text
/// shorter than n bytes is one shingle. No tokens: no shingles. With spec.sample > 1 only the
/// hashes that are 0 mod spec.sample are written, unless none is: then all are, since a
/// document without shingles can never be a duplicate, and a short document's few shingles
/// compared whole are a better answer than none (its pairs with sampled documents are then
/// judged on sets of different densities: the price of sampling short documents).
void shingle_hashes(const TokenStream& tokens, const ShingleSpec& spec,
                    std::vector<std::uint64_t>& out);

/// Writes the hash of every token of `tokens` into `out`, as word shingles hash them: a
/// document hashed once can then be shingled at several lengths (word_shingles_of).
void token_hashes(const TokenStream& tokens, std::vector<std::uint64_t>& out);

/// Writes the word shingles of `n` tokens of a document from its `hashes` (token_hashes) into
/// `out`: exactly shingle_hashes(tokens, {ShingleKind::kWord, n, 1}, out).
void word_shingles_of(std::span<const std::uint64_t> hashes, std::size_t n,
                      std::vector<std::uint64_t>& out);

/// Writes the sorted, distinct shingle hashes of a tokenized document (its shingle set) into
/// `out`: shingle_hashes, sorted, repeats removed.
void shingle_set_of(const TokenStream& tokens, const ShingleSpec& spec,
                    std::vector<std::uint64_t>& out);

/// Buffers shingle_set_of's sort reuses from one document to the next.
struct ShingleSortScratch {
  std::vector<std::uint64_t> hashes;
  std::vector<std::uint32_t> bucket_ends;
};

/// As above, sorting with sort_hashes over `scratch` (kept for the next call): several times
/// faster than a comparison sort or an LSD radix sort on the thousands of shingles of a long
/// document.
void shingle_set_of(const TokenStream& tokens, const ShingleSpec& spec,
                    std::vector<std::uint64_t>& out, ShingleSortScratch& scratch);

/// Tokenizes `raw` with `tokenizer` and returns its sorted, distinct shingle hashes
/// (convenience for tests and one-off use; the pipeline reuses buffers through the two-step
/// form).
std::vector<std::uint64_t> shingle_set(std::string_view raw, const ShingleSpec& spec,
                                       TokenizerKind tokenizer = TokenizerKind::kUnicode);

}  // namespace neardup
