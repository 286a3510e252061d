// A sorted table of 64-bit keys stored compactly (Manku, Jain and Das Sarma's compressed
// tables): a directory of where each value of the keys' top d bits begins, and each key's low
// 64 - d bits bit-packed at a fixed width, so that entry i is read directly.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/tables/key_table.hpp"

namespace neardup {

/// The stored arrays of a PackedKeyTable (memory-mappable). With d directory bits:
/// starts has 2^d + 1 entries, starts[v] the first entry whose top d bits are >= v and the last
/// the entry count; words holds entry i's low 64 - d bits at bit i * (64 - d) (bit 0 the least
/// significant of words[0]), then one padding word.
struct PackedKeys {
  std::span<const std::uint32_t> starts;
  std::span<const std::uint64_t> words;
};

/// PackedKeys' arrays, owned (what pack_sorted_keys makes).
struct PackedKeyArrays {
  std::vector<std::uint32_t> starts;
  std::vector<std::uint64_t> words;
};

/// Packs `keys` (sorted, fewer than 2^32) with `directory_bits` (0..32) directory bits
/// (key_directory_bits(keys.size()) for the index's tables).
PackedKeyArrays pack_sorted_keys(std::span<const std::uint64_t> keys, unsigned directory_bits);

/// "" when `starts` is the directory of a table of `n` entries: 2^d + 1 entries that start at
/// 0, never go back and end at n. Otherwise what is wrong, naming the block ("block 17:
/// directory goes back from 540 to 532").
std::string packed_directory_problem(std::span<const std::uint32_t> starts, std::size_t n);

/// "" when `keys` is a well-formed table of `n` entries: its directory (see
/// packed_directory_problem), the words the entries need plus padding, and the keys sorted
/// within every block (a bucket of the directory). Otherwise what is wrong, naming the block
/// ("block 17: keys not sorted at entry 532").
std::string packed_keys_problem(const PackedKeys& keys, std::size_t n);

/// A sorted key table read from PackedKeys, searched by key prefix like BucketedKeyTable (and
/// with prefix_ranges), with the directory doubling as the blocks' headers.
class PackedKeyTable {
 public:
  /// Reads `keys`, which packed_keys_problem accepts and which must outlive this object.
  explicit PackedKeyTable(PackedKeys keys);

  /// Entries in the table.
  std::size_t size() const { return keys_.starts.back(); }

  /// The index range [first, last) of the entries whose top `bits` bits (0..64) equal those
  /// of `key`: narrow(bucket(key, bits), key, bits).
  std::pair<std::size_t, std::size_t> prefix_range(std::uint64_t key, unsigned bits) const;

  /// The steps of prefix_range, as BucketedKeyTable's (see prefix_ranges).
  void prefetch_bucket(std::uint64_t key) const;
  std::pair<std::size_t, std::size_t> bucket(std::uint64_t key, unsigned bits) const;
  std::pair<std::size_t, std::size_t> narrow(std::pair<std::size_t, std::size_t> bucket,
                                             std::uint64_t key, unsigned bits) const;

  /// Calls f(i, key of entry i) for the entries of `range`, in order, where `range` is (part
  /// of) prefix_range(key, bits).
  template <class F>
  void for_each_key(std::pair<std::size_t, std::size_t> range, std::uint64_t key, unsigned bits,
                    F&& f) const {
    std::uint64_t block = block_of(key_prefix_bounds(key, bits).first);
    for (std::size_t i = range.first; i < range.second; ++i) {
      while (keys_.starts[block + 1] <= i) ++block;
      f(i, join(block, low(i)));
    }
  }

 private:
  // The block (directory bucket) of a key, and a key from its block and low bits.
  std::uint64_t block_of(std::uint64_t key) const { return bits_ == 0 ? 0 : key >> width_; }
  std::uint64_t join(std::uint64_t block, std::uint64_t low) const {
    return bits_ == 0 ? low : block << width_ | low;
  }
  // Entry i's low 64 - d bits.
  std::uint64_t low(std::size_t i) const;

  PackedKeys keys_;
  unsigned bits_ = 0;    // directory bits d
  unsigned width_ = 64;  // packed bits a key, 64 - d
};

}  // namespace neardup
