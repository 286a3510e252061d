// Jaccard similarity of two sorted sets of shingle hashes: exact, or estimated from each set's
// k smallest hashes.
#include "core/sketch/jaccard.hpp"

namespace neardup {

double exact_jaccard(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  if (a.empty() || b.empty()) return 0.0;
  std::size_t i = 0, j = 0, common = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++common;
      ++i;
      ++j;
    }
  }
  return static_cast<double>(common) / static_cast<double>(a.size() + b.size() - common);
}

double bottom_k_jaccard(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                        std::size_t k) {
  std::size_t i = 0, j = 0, in_union = 0, in_both = 0;
  for (; in_union < k && (i < a.size() || j < b.size()); ++in_union) {
    if (j == b.size() || (i < a.size() && a[i] < b[j])) {
      ++i;
    } else if (i == a.size() || b[j] < a[i]) {
      ++j;
    } else {
      ++in_both;
      ++i;
      ++j;
    }
  }
  return in_union == 0 ? 0.0 : static_cast<double>(in_both) / static_cast<double>(in_union);
}

}  // namespace neardup
