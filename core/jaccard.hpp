// Exact Jaccard similarity of two sorted sets of shingle hashes.
#pragma once

#include <cstdint>
#include <span>

namespace neardup {

/// |A ∩ B| / |A ∪ B| for sorted, distinct spans; two empty sets have similarity 0 (documents
/// without shingles are never duplicates).
double exact_jaccard(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b);

}  // namespace neardup
