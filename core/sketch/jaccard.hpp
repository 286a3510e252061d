// Jaccard similarity of two sorted sets of shingle hashes: exact, or estimated from each set's
// k smallest hashes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace neardup {

/// |A ∩ B| / |A ∪ B| for sorted, distinct spans; two empty sets have similarity 0 (documents
/// without shingles are never duplicates).
double exact_jaccard(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b);

/// The Jaccard similarity of two sets estimated from their bottom-k sketches `a` and `b` (each
/// set's k smallest hashes, sorted, distinct; the whole set when it has fewer): the share of
/// the k smallest hashes of a ∪ b that are in both (Broder 1997). Exact when a and b are whole
/// sets whose union has at most k hashes; two empty sketches give 0, as in exact_jaccard.
double bottom_k_jaccard(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                        std::size_t k);

}  // namespace neardup
