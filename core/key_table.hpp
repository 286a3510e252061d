// A flat table of (64-bit key, document) sorted by key, searched by key prefix: the layout of
// the index's SimHash tables and MinHash band tables (memory-mappable, two parallel arrays).
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace neardup {

/// Read-only view of a sorted table: keys ascending, docs[i] belongs to keys[i].
struct KeyTableView {
  std::span<const std::uint64_t> keys;
  std::span<const std::uint32_t> docs;

  /// The index range [first, last) of the entries whose top `bits` bits (1..64) equal those
  /// of `key`.
  std::pair<std::size_t, std::size_t> prefix_range(std::uint64_t key, unsigned bits) const;
};

/// Sorts the parallel arrays by (key, doc) in place, making them a KeyTableView's layout.
void sort_key_table(std::vector<std::uint64_t>& keys, std::vector<std::uint32_t>& docs);

/// Whether the arrays are sorted by key (for checking a loaded table).
bool is_key_table_sorted(const KeyTableView& table);

}  // namespace neardup
