// How two documents are checked against each other from a payload of each: exact Jaccard of
// shingle sets, agreement of MinHash signatures, Hamming distance of SimHash fingerprints, or
// equal digests.
#include "jobs/stages/pair_check.hpp"

#include <bit>
#include <cstring>

#include "core/sketch/jaccard.hpp"
#include "core/sketch/minhash.hpp"

namespace neardup {
namespace {

// The payload's bytes as an array of T (payloads carry no alignment).
template <class T>
void decode(std::string_view bytes, std::vector<T>& out) {
  out.resize(bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
}

std::uint64_t fingerprint(std::string_view bytes) {
  std::uint64_t value = 0;
  std::memcpy(&value, bytes.data(), std::min(bytes.size(), sizeof value));
  return value;
}

}  // namespace

bool PairCheck::passes(std::string_view a, std::string_view b, double& similarity) {
  switch (rule_.kind) {
    case CheckKind::kJaccard:
      decode(a, set_a_);
      decode(b, set_b_);
      similarity = exact_jaccard(set_a_, set_b_);
      return similarity >= rule_.threshold;
    case CheckKind::kAgreement: {
      decode(a, words_a_);
      decode(b, words_b_);
      const unsigned agree = agreeing_entries(words_a_, words_b_);
      similarity = static_cast<double>(agree) / static_cast<double>(words_a_.size());
      return agree >= rule_.min_agree;
    }
    case CheckKind::kHamming: {
      const auto distance = static_cast<unsigned>(std::popcount(fingerprint(a) ^ fingerprint(b)));
      similarity = 1.0 - static_cast<double>(distance) / 64.0;
      return distance <= rule_.max_distance;
    }
    case CheckKind::kEqual:
      similarity = a == b ? 1.0 : 0.0;
      return a == b;
  }
  return false;
}

}  // namespace neardup
