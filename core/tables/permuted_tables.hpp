// Manku, Jain and Das Sarma's permuted tables: fingerprints within k bits share a table key.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace neardup {

/// The fingerprint (64 bits) is cut into `blocks` contiguous blocks (m); pairs within
/// `max_distance` bits (k) are found. Each table keys on m - k blocks, one table per
/// combination: C(m, k) tables (20 for k = 3, m = 6).
struct TableDesign {
  unsigned max_distance = 3;
  unsigned blocks = 6;
};

/// "" when the design is usable (1 <= m <= 64, k < m, at most 4096 tables), else why not.
std::string check_design(const TableDesign& design);

/// The tables of a design. Blocks are as even as possible (the first 64 mod m blocks are one
/// bit wider), block 0 holding the most significant bits; tables are the (m - k)-subsets of
/// blocks in lexicographic order. If two fingerprints differ in at most k bits, at least m - k
/// blocks are equal (pigeonhole), so their keys are equal in at least one table. With n random
/// fingerprints, a table's groups of equal keys hold about n / 2^key_bits(t) of them.
class PermutedTables {
 public:
  /// Value of first_shared_table() when no table's key blocks are all equal.
  static constexpr unsigned kNoTable = ~0u;

  /// Throws std::invalid_argument when check_design() rejects the design.
  explicit PermutedTables(const TableDesign& design);

  /// The design.
  const TableDesign& design() const { return design_; }
  /// Number of tables, C(m, k).
  unsigned size() const { return static_cast<unsigned>(tables_.size()); }
  /// Bits in table t's key (the widths of its m - k blocks).
  unsigned key_bits(unsigned t) const { return tables_[t].key_bits; }
  /// Table t's key blocks, in block order.
  const std::vector<unsigned>& key_blocks(unsigned t) const { return tables_[t].blocks; }

  /// Table t's key of a fingerprint: its key blocks concatenated in block order, left-aligned
  /// (the top key_bits(t) bits; the rest 0).
  std::uint64_t key(unsigned t, std::uint64_t fingerprint) const;

  /// The fingerprint permuted for table t: its key blocks, then the other blocks, each group in
  /// block order, left-aligned; a bijection whose top key_bits(t) bits are key(t, ·). Sorted,
  /// these make the table of the online index.
  std::uint64_t permute(unsigned t, std::uint64_t fingerprint) const;

  /// The inverse of permute(t, ·).
  std::uint64_t unpermute(unsigned t, std::uint64_t permuted) const;

  /// The first table, in combination order, whose key blocks are all equal in a and b (the
  /// combination of the first m - k equal blocks), or kNoTable when fewer than m - k blocks
  /// are equal. Reporting a pair only from this table reports it exactly once.
  unsigned first_shared_table(std::uint64_t a, std::uint64_t b) const;

 private:
  struct Block {
    unsigned shift;  // position of the block's least significant bit
    unsigned width;
    std::uint64_t mask;  // width low bits set
  };
  struct Table {
    std::vector<unsigned> blocks;  // key blocks, in block order
    std::vector<unsigned> order;   // key blocks, then the others
    unsigned key_bits = 0;
  };

  TableDesign design_;
  std::vector<Block> blocks_;
  std::vector<Table> tables_;
  std::unordered_map<std::uint64_t, unsigned> table_of_blocks_;  // key-block bitmask -> table
};

}  // namespace neardup
