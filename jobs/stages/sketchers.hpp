// The document sketches the jobs and the index share: MinHash signatures, SimHash fingerprints.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/sketch/minhash.hpp"
#include "core/sketch/one_permutation.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// A MinHash signature of the shingle set (num_perm words); features = shingle positions.
class MinhashSketcher final : public Sketcher {
 public:
  /// Classic MinHash with `kernel`, or, with `one_permutation`, one permutation hashing with
  /// optimal densification (num_perm bins), over the shingles of `tokenizer`'s tokens; ASCII
  /// text is tokenized on the tokenizer kernel of the same level (ascii_tokenizer_for).
  MinhashSketcher(unsigned num_perm, std::uint64_t seed, const ShingleSpec& shingle,
                  TokenizerKind tokenizer, MinhashKernel kernel = best_minhash_kernel(),
                  bool one_permutation = false)
      : hasher_(num_perm, seed, kernel),
        shingle_(shingle),
        tokenizer_(tokenizer, ascii_tokenizer_for(kernel)) {
    if (one_permutation) one_permutation_.emplace(num_perm, seed);  // its tables only when used
  }
  /// The ASCII tokenizer kernel its tokenizer uses.
  AsciiTokenizerFn ascii_tokenizer() const { return ascii_tokenizer_for(hasher_.kernel()); }
  /// The instruction-set level its kernels run at (the tokenizer's and, for classic MinHash,
  /// the signature's): "scalar", "avx2" or "avx512".
  const char* kernel() const { return minhash_kernel_name(hasher_.kernel()); }
  unsigned sketch_words() const override { return hasher_.num_perm(); }
  std::uint32_t sketch(std::string_view text, std::span<std::uint32_t> out) override;
  std::uint64_t invalid_utf8_bytes() const override { return tokenizer_.invalid_utf8_bytes(); }

 private:
  MinHasher hasher_;
  std::optional<OnePermutationHasher> one_permutation_;
  ShingleSpec shingle_;
  Tokenizer tokenizer_;
  TokenStream tokens_;
  std::vector<std::uint64_t> shingles_;
};

/// A 64-bit SimHash fingerprint (2 words, native order); features = tokens.
class SimhashSketcher final : public Sketcher {
 public:
  SimhashSketcher(const SimhashSpec& spec, TokenizerKind tokenizer)
      : spec_(spec), tokenizer_(tokenizer) {}
  unsigned sketch_words() const override { return 2; }
  std::uint32_t sketch(std::string_view text, std::span<std::uint32_t> out) override;
  std::uint64_t invalid_utf8_bytes() const override { return tokenizer_.invalid_utf8_bytes(); }

 private:
  SimhashSpec spec_;
  Tokenizer tokenizer_;
  TokenStream tokens_;
  SimhashScratch scratch_;
};

/// The fingerprint stored in a 2-word SimHash sketch.
std::uint64_t fingerprint_of(std::span<const std::uint32_t> sketch);

}  // namespace neardup
