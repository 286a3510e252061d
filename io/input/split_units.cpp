// Splits grouped into units of work: a rank reads a unit's splits one after another and keeps
// their sketches in one checkpoint file, so a corpus of many small files is not one file each.
#include "io/input/split_units.hpp"

#include <xxhash.h>

namespace neardup {
namespace {

constexpr std::uint64_t kDefaultUnitBytes = 64ull << 20;
constexpr std::uint64_t kUnitEndModulus = 64;

std::uint64_t bytes_of(const Split& split) { return split.end - split.begin; }

// Whether a unit ends after small split `split` of `file`: by its path and range alone.
bool ends_unit(std::uint64_t path_hash, const Split& split) {
  const std::uint64_t range[2] = {split.begin, split.end};
  return XXH3_64bits_withSeed(range, sizeof range, path_hash) % kUnitEndModulus == 0;
}

}  // namespace

std::vector<std::uint32_t> group_splits(const InputFiles& files, const std::vector<Split>& splits,
                                        std::uint64_t split_bytes) {
  const std::uint64_t split = split_bytes == 0 ? kDefaultUnitBytes : split_bytes;
  const std::uint64_t small = split / kSmallSplitFraction;
  const std::uint64_t unit_bytes = split / kUnitFraction;
  std::vector<std::uint32_t> units;
  std::uint64_t bytes = 0;
  std::size_t count = 0;
  bool open = false;  // the last unit takes more small splits
  for (std::uint32_t s = 0; s < splits.size(); ++s) {
    const std::uint64_t size = bytes_of(splits[s]);
    const bool is_small = size < small;
    if (!open || !is_small || bytes + size > unit_bytes || count == kMaxUnitSplits) {
      units.push_back(s);
      bytes = 0;
      count = 0;
    }
    bytes += size;
    ++count;
    open = is_small && !ends_unit(files.path_hash_of(splits[s].file), splits[s]);
  }
  return units;
}

std::vector<std::uint32_t> isolate_splits(const std::vector<std::uint32_t>& units,
                                          const std::vector<char>& alone) {
  std::vector<std::uint32_t> out;
  std::size_t u = 0;
  for (std::uint32_t s = 0; s < alone.size(); ++s) {
    const bool starts = u < units.size() && units[u] == s;
    if (starts) ++u;
    if (starts || alone[s] != 0 || (s > 0 && alone[s - 1] != 0)) out.push_back(s);
  }
  return out;
}

std::vector<int> assign_units(const std::vector<Split>& splits,
                              const std::vector<std::uint32_t>& units, int ranks) {
  std::vector<Split> weights(units.size());
  for (std::size_t u = 0; u < units.size(); ++u) {
    const std::size_t end = u + 1 < units.size() ? units[u + 1] : splits.size();
    for (std::size_t s = units[u]; s < end; ++s) weights[u].end += bytes_of(splits[s]);
  }
  const std::vector<int> unit_owners = assign_splits(weights, ranks);
  std::vector<int> owners(splits.size(), 0);
  for (std::size_t u = 0; u < units.size(); ++u) {
    const std::size_t end = u + 1 < units.size() ? units[u + 1] : splits.size();
    for (std::size_t s = units[u]; s < end; ++s) owners[s] = unit_owners[u];
  }
  return owners;
}

}  // namespace neardup
