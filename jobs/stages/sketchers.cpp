// The document sketches the jobs and the index share: MinHash signatures, SimHash fingerprints.
#include "jobs/stages/sketchers.hpp"

#include <cstring>

namespace neardup {

std::uint32_t MinhashSketcher::sketch(std::string_view text, std::span<std::uint32_t> out) {
  tokenizer_.tokenize(text, tokens_);
  shingle_hashes(tokens_, shingle_, shingles_);
  if (one_permutation_) {
    one_permutation_->sign(shingles_, out);
  } else {
    hasher_.sign(shingles_, out);
  }
  return static_cast<std::uint32_t>(shingles_.size());
}

std::uint32_t SimhashSketcher::sketch(std::string_view text, std::span<std::uint32_t> out) {
  tokenizer_.tokenize(text, tokens_);
  const std::uint64_t fingerprint = simhash_of(tokens_, spec_, scratch_);
  std::memcpy(out.data(), &fingerprint, sizeof fingerprint);
  return static_cast<std::uint32_t>(tokens_.size());
}

std::uint64_t fingerprint_of(std::span<const std::uint32_t> sketch) {
  std::uint64_t fingerprint;
  std::memcpy(&fingerprint, sketch.data(), sizeof fingerprint);
  return fingerprint;
}

}  // namespace neardup
