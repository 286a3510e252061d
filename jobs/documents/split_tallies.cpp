// What a rank's sketch counted of each split it read (its own and the shared splits it took
// part in), by split number: nothing for the other ranks' splits, so it grows with the splits a
// rank reads, not with the corpus.
#include "jobs/documents/split_tallies.hpp"

#include <algorithm>

namespace neardup {
namespace {

// Orders an entry before split number s.
bool before(const std::pair<std::uint32_t, SplitCounts>& entry, std::uint32_t s) {
  return entry.first < s;
}

}  // namespace

SplitCounts& SplitTallies::at(std::uint32_t s) {
  auto found = std::lower_bound(splits_.begin(), splits_.end(), s, before);
  if (found == splits_.end() || found->first != s) found = splits_.insert(found, {s, {}});
  return found->second;
}

const SplitCounts* SplitTallies::find(std::uint32_t s) const {
  const auto found = std::lower_bound(splits_.begin(), splits_.end(), s, before);
  return found != splits_.end() && found->first == s ? &found->second : nullptr;
}

std::uint64_t SplitTallies::lines(std::uint32_t s) const {
  const SplitCounts* counts = find(s);
  return counts != nullptr ? counts->lines : 0;
}

}  // namespace neardup
