// Shingling: a document becomes the set of XXH3-64 hashes of its word or character n-grams.
#include "core/shingles.hpp"

// Inlined: the hashed strings are short, and a library call costs as much as the hash.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>

#include "core/radix_sort.hpp"

namespace neardup {

void shingle_hashes(const TokenStream& tokens, const ShingleSpec& spec,
                    std::vector<std::uint64_t>& out) {
  out.clear();
  const std::size_t count = tokens.size();
  if (count == 0 || spec.n == 0) return;
  const char* text = tokens.text.data();
  if (spec.kind == ShingleKind::kWord) {
    if (count < spec.n) {
      out.push_back(XXH3_64bits(text, tokens.text.size()));
      return;
    }
    out.reserve(count - spec.n + 1);
    for (std::size_t i = 0; i + spec.n <= count; ++i) {
      const std::uint32_t begin = tokens.starts[i];
      const std::uint32_t end = tokens.ends[i + spec.n - 1];
      out.push_back(XXH3_64bits(text + begin, end - begin));
    }
  } else {
    const std::size_t length = tokens.text.size();
    if (length < spec.n) {
      out.push_back(XXH3_64bits(text, length));
      return;
    }
    out.reserve(length - spec.n + 1);
    for (std::size_t i = 0; i + spec.n <= length; ++i) out.push_back(XXH3_64bits(text + i, spec.n));
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
