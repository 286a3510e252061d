// Charikar's SimHash: a 64-bit fingerprint from weighted features, close for similar texts.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"

namespace neardup {

/// What a SimHash feature is.
enum class SimhashFeatures {
  kTokens,    // each canonical token
  kShingles,  // each run of shingle_n consecutive tokens, joined by one space
  kChars,     // each char_n-byte window of the canonical text (tokens joined by one space)
};

/// How a distinct feature that occurs c times is weighted.
enum class SimhashWeight {
  kTf,      // c
  kBinary,  // 1
  kLogTf,   // 1 + ln(c)
};

/// How documents are fingerprinted.
struct SimhashSpec {
  SimhashFeatures features = SimhashFeatures::kTokens;
  SimhashWeight weight = SimhashWeight::kTf;
  unsigned shingle_n = 3;
  unsigned char_n = 4;
};

/// The seed of the feature hash XXH3_64bits_withSeed: fixed, so fingerprints are comparable
/// across runs and indexes, and different from the shingle hashes' seed 0.
inline constexpr std::uint64_t kSimhashSeed = 0x53696d4861736831ull;  // "SimHash1"

/// Buffers reused from one document to the next.
struct SimhashScratch {
  std::vector<std::uint64_t> hashes;
};

/// The fingerprint of a tokenized document: for each bit i, the sum over distinct features of
/// +weight when bit i of the feature's hash is 1 and -weight when it is 0; bit i is 1 when the
/// sum is > 0 (a tie gives 0). Features: see SimhashFeatures; a document with 1 to n-1 tokens
/// (shingles) or a text shorter than n bytes (chars) is one feature. A document without
/// tokens gives 0; callers treat it as empty and never match it (its fingerprint would equal
/// every other empty document's). logtf weights are fixed-point with 1/1024 resolution.
std::uint64_t simhash_of(const TokenStream& tokens, const SimhashSpec& spec,
                         SimhashScratch& scratch);

/// Tokenizes `raw` with `tokenizer` and returns its fingerprint (convenience for tests and
/// one-off use).
std::uint64_t simhash(std::string_view raw, const SimhashSpec& spec,
                      TokenizerKind tokenizer = TokenizerKind::kUnicode);

/// The number of bits in which two fingerprints differ.
inline unsigned hamming_distance(std::uint64_t a, std::uint64_t b) {
  return static_cast<unsigned>(std::popcount(a ^ b));
}

}  // namespace neardup
