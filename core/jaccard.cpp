// Exact Jaccard similarity of two sorted sets of shingle hashes.
#include "core/jaccard.hpp"

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

}  // namespace neardup
