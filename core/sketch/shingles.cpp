// Shingling: a document becomes the set of 64-bit hashes of its word or character n-grams.
#include "core/sketch/shingles.hpp"

// Inlined: the hashed strings are short, and a library call costs as much as the hash.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "core/radix_sort.hpp"

namespace neardup {

namespace {

// Tokens of up to this many bytes are hashed zero-padded to it (see shingle_hashes).
constexpr std::size_t kPaddedToken = 16;

// 16 bytes as two 64-bit words, in memory order.
struct TwoWords {
  std::uint64_t low, high;
};

// For each length 0-16, the mask that keeps that many leading bytes of 16.
constexpr std::array<TwoWords, kPaddedToken + 1> make_token_masks() {
  std::array<TwoWords, kPaddedToken + 1> masks{};
  for (std::size_t length = 0; length <= kPaddedToken; ++length) {
    std::array<unsigned char, kPaddedToken> bytes{};
    for (std::size_t i = 0; i < length; ++i) bytes[i] = 0xFF;
    masks[length] = std::bit_cast<TwoWords>(bytes);
  }
  return masks;
}

constexpr std::array<TwoWords, kPaddedToken + 1> kTokenMasks = make_token_masks();

// The hash of the token text[start, end): XXH3-64 of its bytes zero-padded to 16 when it has
// at most 16, else of its bytes. XXH3 of a fixed 16 bytes has no length branches, which
// mispredict on the lengths of words. The padded bytes come from a 16-byte load masked by the
// length; a token starting within 16 bytes of the end of the text is copied instead, so
// nothing past the string's size is read.
inline std::uint64_t token_hash(std::string_view text, std::size_t start, std::size_t end) {
  const std::size_t length = end - start;
  if (length > kPaddedToken) return XXH3_64bits(text.data() + start, length);
  if (start + kPaddedToken > text.size()) {
    char padded[kPaddedToken] = {};
    std::memcpy(padded, text.data() + start, length);
    return XXH3_64bits(padded, kPaddedToken);
  }
  TwoWords padded;
  std::memcpy(&padded, text.data() + start, kPaddedToken);
  padded.low &= kTokenMasks[length].low;
  padded.high &= kTokenMasks[length].high;
  return XXH3_64bits(&padded, kPaddedToken);
}

// Each token's hash, written into `hashes` (room for every token).
void hash_tokens(const TokenStream& tokens, std::uint64_t* hashes) {
  const std::string_view text = tokens.text;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    hashes[i] = token_hash(text, tokens.starts[i], tokens.ends[i]);
  }
}

// Turns `out`, the hashes of a document's tokens (at least one), into its word shingles of n
// tokens: shingle i is sum_j t[i+j] * B^(k-1-j) (mod 2^64), rolled from shingle i-1 in place
// (out[i] holds t[i] until shingle i overwrites it).
void roll_word_shingles(std::size_t n, std::vector<std::uint64_t>& out) {
  const std::size_t count = out.size();
  const std::size_t k = std::min(n, count);
  std::uint64_t h = 0, top = 1;  // top = B^k, what the token leaving the window is worth
  for (std::size_t j = 0; j < k; ++j) {
    h = h * kShingleBase + out[j];
    top *= kShingleBase;
  }
  for (std::size_t i = 0; i + k < count; ++i) {
    const std::uint64_t step = out[i + k] - out[i] * top;  // off the dependency chain
    out[i] = h;
    h = h * kShingleBase + step;
  }
  out[count - k] = h;
  out.resize(count - k + 1);
}

// Writes the word shingle hashes (see shingle_hashes) of a document with at least one token.
// Each token is hashed once.
void word_shingle_hashes(const TokenStream& tokens, std::size_t n,
                         std::vector<std::uint64_t>& out) {
  out.resize(tokens.size());
  hash_tokens(tokens, out.data());
  roll_word_shingles(n, out);
}

// Every shingle position's hash (shingle_hashes without sampling).
void all_shingle_hashes(const TokenStream& tokens, const ShingleSpec& spec,
                        std::vector<std::uint64_t>& out) {
  out.clear();
  if (tokens.size() == 0 || spec.n == 0) return;
  if (spec.kind == ShingleKind::kWord) {
    word_shingle_hashes(tokens, spec.n, out);
    return;
  }
  const char* text = tokens.text.data();
  const std::size_t length = tokens.text.size();
  if (length < spec.n) {
    out.push_back(XXH3_64bits(text, length));
    return;
  }
  out.reserve(length - spec.n + 1);
  for (std::size_t i = 0; i + spec.n <= length; ++i) out.push_back(XXH3_64bits(text + i, spec.n));
}

// Keeps the hashes that are 0 mod `sample` (> 1), or all of them when none is.
template <class IsKept>
void keep_sample(std::vector<std::uint64_t>& hashes, IsKept kept) {
  if (std::none_of(hashes.begin(), hashes.end(), kept)) return;
  std::erase_if(hashes, [&](std::uint64_t h) { return !kept(h); });
}

}  // namespace

void token_hashes(const TokenStream& tokens, std::vector<std::uint64_t>& out) {
  out.resize(tokens.size());
  hash_tokens(tokens, out.data());
}

void word_shingles_of(std::span<const std::uint64_t> hashes, std::size_t n,
                      std::vector<std::uint64_t>& out) {
  out.assign(hashes.begin(), hashes.end());
  if (out.empty() || n == 0) {
    out.clear();
    return;
  }
  roll_word_shingles(n, out);
}

void shingle_hashes(const TokenStream& tokens, const ShingleSpec& spec,
                    std::vector<std::uint64_t>& out) {
  all_shingle_hashes(tokens, spec, out);
  const std::uint64_t m = spec.sample;
  if (m <= 1) return;
  if ((m & (m - 1)) == 0) {
    keep_sample(out, [mask = m - 1](std::uint64_t h) { return (h & mask) == 0; });
  } else {
    keep_sample(out, [m](std::uint64_t h) { return h % m == 0; });
  }
}

void shingle_set_of(const TokenStream& tokens, const ShingleSpec& spec,
                    std::vector<std::uint64_t>& out, ShingleSortScratch& scratch) {
  shingle_hashes(tokens, spec, out);
  sort_hashes(out, scratch.hashes, scratch.bucket_ends);
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void shingle_set_of(const TokenStream& tokens, const ShingleSpec& spec,
                    std::vector<std::uint64_t>& out) {
  ShingleSortScratch scratch;
  shingle_set_of(tokens, spec, out, scratch);
}

std::vector<std::uint64_t> shingle_set(std::string_view raw, const ShingleSpec& spec,
                                       TokenizerKind tokenizer) {
  TokenStream tokens;
  Tokenizer(tokenizer).tokenize(raw, tokens);
  std::vector<std::uint64_t> out;
  shingle_set_of(tokens, spec, out);
  return out;
}

}  // namespace neardup
