// Flat key tables of an index segment: per table a sorted array of 64-bit keys (KIND-TTT.keys)
// and the document of each (KIND-TTT.docs), as SimHash and MinHash indexes store them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/tables/key_table.hpp"
#include "io/write/mapped_file.hpp"

namespace neardup {

/// Writes `count` tables KIND-TTT.keys and .docs of `docs` documents into DIR, document d's
/// key in table t being key(t, d), and returns their records (keys then docs, table by table).
/// Throws IoError on write errors.
std::vector<IndexFile> write_flat_tables(
    const std::string& dir, const char* kind, unsigned count, std::size_t docs,
    const std::function<std::uint64_t(unsigned, std::size_t)>& key);

/// The files write_flat_tables writes for `count` tables.
inline std::size_t flat_table_files(unsigned count) { return 2 * std::size_t{count}; }

/// The tables in `files` (mapped in write_flat_tables' order), each checked to hold `docs`
/// sorted keys; throws IoError naming DIR when one does not. `files` must outlive them.
std::vector<BucketedKeyTable> open_flat_tables(const std::string& dir,
                                               std::span<const std::unique_ptr<MappedFile>> files,
                                               std::uint64_t docs);

}  // namespace neardup
