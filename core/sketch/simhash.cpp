// Charikar's SimHash: a 64-bit fingerprint from weighted features, close for similar texts.
#include "core/sketch/simhash.hpp"

// Inlined: the hashed strings are short, and a library call costs as much as the hash.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "core/sketch/bit_counts.hpp"

namespace neardup {
namespace {

// Appends the hash of every feature occurrence (repeats included) to `out`.
void feature_hashes(const TokenStream& tokens, const SimhashSpec& spec,
                    std::vector<std::uint64_t>& out) {
  const std::size_t count = tokens.size();
  const char* text = tokens.text.data();
  const auto hash = [&](std::size_t begin, std::size_t end) {
    out.push_back(XXH3_64bits_withSeed(text + begin, end - begin, kSimhashSeed));
  };
  switch (spec.features) {
    case SimhashFeatures::kTokens:
      for (std::size_t i = 0; i < count; ++i) hash(tokens.starts[i], tokens.ends[i]);
      break;
    case SimhashFeatures::kShingles:
      if (count < spec.shingle_n) {
        hash(0, tokens.text.size());
        break;
      }
      for (std::size_t i = 0; i + spec.shingle_n <= count; ++i) {
        hash(tokens.starts[i], tokens.ends[i + spec.shingle_n - 1]);
      }
      break;
    case SimhashFeatures::kChars:
      if (tokens.text.size() < spec.char_n) {
        hash(0, tokens.text.size());
        break;
      }
      for (std::size_t i = 0; i + spec.char_n <= tokens.text.size(); ++i) hash(i, i + spec.char_n);
      break;
  }
}

// Adds +weight or -weight to each of the 64 sums, by the bits of `h`.
inline void accumulate(std::array<std::int64_t, 64>& sums, std::uint64_t h, std::int64_t weight) {
  for (unsigned bit = 0; bit < 64; ++bit) {
    const auto one = static_cast<std::int64_t>((h >> bit) & 1);
    sums[bit] += (2 * one - 1) * weight;
  }
}

// Adds +1 or -1 to each of the 64 sums for every hash in `hashes` (weight 1 each).
void accumulate_unit(std::array<std::int64_t, 64>& sums, std::span<const std::uint64_t> hashes) {
  BitCounts ones{};
  count_bits(hashes, ones);
  const auto total = static_cast<std::int64_t>(hashes.size());
  for (unsigned bit = 0; bit < 64; ++bit)
    sums[bit] += 2 * static_cast<std::int64_t>(ones[bit]) - total;
}

}  // namespace

std::uint64_t simhash_of(const TokenStream& tokens, const SimhashSpec& spec,
                         SimhashScratch& scratch) {
  if (tokens.size() == 0) return 0;
  std::vector<std::uint64_t>& hashes = scratch.hashes;
  hashes.clear();
  feature_hashes(tokens, spec, hashes);
  std::array<std::int64_t, 64> sums{};
  if (spec.weight == SimhashWeight::kTf) {
    accumulate_unit(sums, hashes);  // c occurrences weigh c
  } else if (spec.weight == SimhashWeight::kBinary) {
    std::sort(hashes.begin(), hashes.end());
    hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
    accumulate_unit(sums, hashes);
  } else {
    std::sort(hashes.begin(), hashes.end());
    for (std::size_t i = 0; i < hashes.size();) {
      std::size_t j = i + 1;
      while (j < hashes.size() && hashes[j] == hashes[i]) ++j;
      const std::int64_t weight =
          std::llround(1024.0 * (1.0 + std::log(static_cast<double>(j - i))));
      accumulate(sums, hashes[i], weight);
      i = j;
    }
  }
  std::uint64_t fingerprint = 0;
  for (unsigned bit = 0; bit < 64; ++bit) {
    fingerprint |= static_cast<std::uint64_t>(sums[bit] > 0) << bit;
  }
  return fingerprint;
}

std::uint64_t simhash(std::string_view raw, const SimhashSpec& spec, TokenizerKind tokenizer) {
  TokenStream tokens;
  Tokenizer(tokenizer).tokenize(raw, tokens);
  SimhashScratch scratch;
  return simhash_of(tokens, spec, scratch);
}

}  // namespace neardup
