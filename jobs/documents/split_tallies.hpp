// What a rank's sketch counted of each split it read (its own and the shared splits it took
// part in), by split number: nothing for the other ranks' splits, so it grows with the splits a
// rank reads, not with the corpus.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace neardup {

/// One split's counts on the rank that read it (or, for a shared split, its share of them).
struct SplitCounts {
  std::uint64_t lines = 0;         // records, documents and skipped ones
  std::uint64_t skipped = 0;       // of them skipped
  std::uint64_t content_hash = 0;  // SplitTally::content_hash: what later reads must find again
  bool done = false;               // whether this rank has read the split
};

/// The counts of the splits a rank read, by split number.
class SplitTallies {
 public:
  /// Split s's counts, added (all zero) when it has none yet.
  SplitCounts& at(std::uint32_t s);

  /// Split s's counts, or nullptr when this rank read none of it.
  const SplitCounts* find(std::uint32_t s) const;

  /// The records of split s this rank counted (0 for a split it did not read).
  std::uint64_t lines(std::uint32_t s) const;

  /// Every split's counts, by ascending split number.
  std::span<const std::pair<std::uint32_t, SplitCounts>> all() const { return splits_; }

 private:
  std::vector<std::pair<std::uint32_t, SplitCounts>> splits_;  // by ascending split
};

}  // namespace neardup
