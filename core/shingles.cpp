// Shingling: a document becomes the set of 64-bit hashes of its word or character n-grams.
#include "core/shingles.hpp"

// Inlined: the hashed strings are short, and a library call costs as much as the hash.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>

#include "core/radix_sort.hpp"

namespace neardup {

namespace {

// Writes the word shingle hashes (see shingle_hashes) of a document with at least one token.
// Each token is hashed once; shingle i is sum_j t[i+j] * B^(k-1-j) (mod 2^64), rolled from
// shingle i-1 in place: out[i] holds t[i] until shingle i overwrites it.
void word_shingle_hashes(const TokenStream& tokens, std::size_t n,
                         std::vector<std::uint64_t>& out) {
  const std::size_t count = tokens.size();
  out.resize(count);
  const char* text = tokens.text.data();
  for (std::size_t i = 0; i < count; ++i) {
    out[i] = XXH3_64bits(text + tokens.starts[i], tokens.ends[i] - tokens.starts[i]);
  }
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

}  // namespace

void shingle_hashes(const TokenStream& tokens, const ShingleSpec& spec,
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
