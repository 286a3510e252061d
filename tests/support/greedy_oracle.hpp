// The oracle of greedy clustering: a single-process walk in keep order over an exact graph of
// near-duplicate pairs, written plainly for tests.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "tests/support/brute_force.hpp"

namespace neardup::testing {

/// What the oracle decided for one document.
struct OracleDecision {
  std::size_t kept = 0;   // the document kept in its place: itself when kept
  double similarity = 1;  // to that document
};

/// Walks the documents 0..n-1 in `order` (every document once, the first decided first): one
/// not yet removed is kept and removes every one of its near-duplicates (`pairs`, with their
/// similarity) not yet decided. Returns every document's decision, by document.
std::vector<OracleDecision> greedy_oracle(std::size_t n, std::span<const TruePair> pairs,
                                          std::span<const std::size_t> order);

}  // namespace neardup::testing
