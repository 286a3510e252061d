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

/// The directory bits d for a sorted table of n keys: about log2(n) - 5, so a bucket holds 16
/// to 32 keys on average; 0 (no directory) below 128 keys; at most 26.
unsigned key_directory_bits(std::size_t n);

/// The directory of sorted `keys` (fewer than 2^32) by their top `bits` bits: 2^bits + 1
/// entries, entry v the first key whose top bits are >= v, the last keys.size().
std::vector<std::uint32_t> key_directory(std::span<const std::uint64_t> keys, unsigned bits);

/// A KeyTableView with a directory of where each value of its keys' top bits begins (16 to 32
/// keys a value on average, 4 bytes each: an eighth to a quarter of a byte a key), so that a
/// prefix search reads one small bucket instead of binary-searching the whole table: on 10M
/// keys, two or three cache misses instead of about twenty.
class BucketedKeyTable {
 public:
  /// Builds the directory over `table` (sorted by key, fewer than 2^32 entries), whose arrays
  /// must outlive this object.
  explicit BucketedKeyTable(KeyTableView table);

  /// The table.
  const KeyTableView& view() const { return table_; }

  /// KeyTableView::prefix_range, through the directory: narrow(bucket(key, bits), key, bits).
  std::pair<std::size_t, std::size_t> prefix_range(std::uint64_t key, unsigned bits) const;

  /// The steps of prefix_range (see prefix_ranges): prefetch_bucket(key) asks for the
  /// directory entry of `key`; bucket() reads it and returns the entries that can share the
  /// prefix, asking for their middle key; narrow() searches them.
  void prefetch_bucket(std::uint64_t key) const;
  std::pair<std::size_t, std::size_t> bucket(std::uint64_t key, unsigned bits) const;
  std::pair<std::size_t, std::size_t> narrow(std::pair<std::size_t, std::size_t> bucket,
                                             std::uint64_t key, unsigned bits) const;

 private:
  KeyTableView table_;
  unsigned directory_bits_;            // 0: no directory, a plain binary search
  std::vector<std::uint32_t> starts_;  // starts_[v]: first entry whose top bits are >= v
};

/// The lowest and highest keys that share the top `bits` bits (0..64) of `key`.
inline std::pair<std::uint64_t, std::uint64_t> key_prefix_bounds(std::uint64_t key, unsigned bits) {
  const std::uint64_t low_mask = bits >= 64 ? 0 : ~0ull >> bits;
  return {key & ~low_mask, key | low_mask};
}

/// ranges[t] = tables[t].prefix_range(keys[t], bits[t]) for every t, with the tables' memory
/// reads overlapping: every directory entry is asked for, then every bucket, then each is
/// searched, so the searches cost about one table's cache misses instead of one each. Tables
/// is a random-access range of BucketedKeyTable or PackedKeyTable
/// (core/tables/packed_key_table.hpp).
template <class Tables>
void prefix_ranges(const Tables& tables, std::span<const std::uint64_t> keys,
                   std::span<const unsigned> bits,
                   std::span<std::pair<std::size_t, std::size_t>> ranges) {
  for (std::size_t t = 0; t < tables.size(); ++t) tables[t].prefetch_bucket(keys[t]);
  for (std::size_t t = 0; t < tables.size(); ++t) ranges[t] = tables[t].bucket(keys[t], bits[t]);
  for (std::size_t t = 0; t < tables.size(); ++t) {
    ranges[t] = tables[t].narrow(ranges[t], keys[t], bits[t]);
  }
}

/// Sorts the parallel arrays by (key, doc) in place, making them a KeyTableView's layout.
void sort_key_table(std::vector<std::uint64_t>& keys, std::vector<std::uint32_t>& docs);

/// Whether the arrays are sorted by key (for checking a loaded table).
bool is_key_table_sorted(const KeyTableView& table);

}  // namespace neardup
