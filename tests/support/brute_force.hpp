// Exact all-pairs truth for tests: every pair of documents with Jaccard >= threshold.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/sketch/shingles.hpp"

namespace neardup::testing {

/// A pair of document indices (a < b) and their exact Jaccard similarity.
struct TruePair {
  std::size_t a = 0;
  std::size_t b = 0;
  double jaccard = 0;
};

/// All pairs with exact Jaccard >= threshold among `texts`, sorted by (a, b). Exact: an
/// inverted index finds every pair sharing at least one shingle (pairs sharing none have
/// Jaccard 0), and each such pair's Jaccard is computed from the full sets.
std::vector<TruePair> all_pairs_at_least(const std::vector<std::string>& texts,
                                         const ShingleSpec& spec, double threshold);

}  // namespace neardup::testing
