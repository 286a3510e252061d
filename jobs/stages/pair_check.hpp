// How two documents are checked against each other from a payload of each: exact Jaccard of
// shingle sets, agreement of MinHash signatures, Hamming distance of SimHash fingerprints, or
// equal digests.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace neardup {

/// What a check compares, and so which payload each document provides.
enum class CheckKind {
  kJaccard,    // sorted 8-byte shingle hashes; similarity = exact Jaccard
  kAgreement,  // MinHash signatures; similarity = share of equal entries
  kHamming,    // 64-bit SimHash fingerprints; similarity = 1 - distance / 64
  kEqual,      // digests; similarity 1 when equal
};

/// Whether the payload of `kind` is a document's shingle set (made by its owner); the others
/// are its sketch, read where it lies.
inline bool reads_shingle_sets(CheckKind kind) { return kind == CheckKind::kJaccard; }

/// When a checked pair passes.
struct CheckRule {
  CheckKind kind = CheckKind::kJaccard;
  double threshold = 0;       // kJaccard: Jaccard >= threshold
  unsigned min_agree = 0;     // kAgreement: at least this many equal entries
  unsigned max_distance = 0;  // kHamming: at most this many differing bits
};

/// A pair's similarity under a rule, from the payloads of its documents.
class PairCheck {
 public:
  explicit PairCheck(const CheckRule& rule) : rule_(rule) {}

  /// Whether the documents whose payloads are `a` and `b` pass; sets `similarity`.
  bool passes(std::string_view a, std::string_view b, double& similarity);

 private:
  CheckRule rule_;
  std::vector<std::uint32_t> words_a_, words_b_;
  std::vector<std::uint64_t> set_a_, set_b_;
};

}  // namespace neardup
