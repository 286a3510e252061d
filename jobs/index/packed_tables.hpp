// The compressed SimHash tables of an index segment (index build --compress): per permuted
// table a block directory (table-TTT.dir) and bit-packed keys (table-TTT.bits), and one list of
// documents in table 0's order (table-000.docs) that maps a fingerprint to its documents.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/tables/packed_key_table.hpp"
#include "core/tables/permuted_tables.hpp"
#include "io/write/mapped_file.hpp"

namespace neardup {

/// The files write_packed_tables writes for `tables` permuted tables.
std::size_t packed_table_files(unsigned tables);

/// Writes the compressed tables of the fingerprints in `sketches` (document d's in words 2d
/// and 2d + 1, see fingerprint_of) to DIR and returns their records: table 0's .dir and .bits,
/// table 1's, ..., then table-000.docs. Throws IoError on write errors.
std::vector<IndexFile> write_packed_tables(const std::string& dir, const PermutedTables& design,
                                           std::span<const std::uint32_t> sketches);

/// A segment's compressed tables, read from mapped files.
class PackedTables {
 public:
  /// Reads the tables from `files` (mapped in write_packed_tables' order; `names` their
  /// records' names) of segment DIR, whose fingerprints are `sketches` (as written), and
  /// checks their structure: every table's directory and sorted blocks (packed_keys_problem),
  /// and table-000.docs naming each document once, at its fingerprint's entry in table 0.
  /// Throws IoError naming the file and the block of the first problem. `files` must outlive
  /// this object.
  PackedTables(const std::string& dir, std::span<const std::unique_ptr<MappedFile>> files,
               std::span<const IndexFile> records, const PermutedTables& design,
               std::span<const std::uint32_t> sketches);

  /// Table t (keys: the fingerprints permuted for table t, sorted).
  const std::vector<PackedKeyTable>& tables() const { return tables_; }

  /// The documents whose fingerprint is `fingerprint` (table 0's entries of its key; `design`
  /// the tables' design).
  std::span<const std::uint32_t> docs_of(const PermutedTables& design,
                                         std::uint64_t fingerprint) const;

 private:
  std::vector<PackedKeyTable> tables_;
  std::span<const std::uint32_t> docs_;  // docs_[i]: the document of table 0's entry i
};

}  // namespace neardup
