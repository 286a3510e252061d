// The compressed SimHash tables of an index segment (index build --compress): per permuted
// table a block directory (table-TTT.dir) and bit-packed keys (table-TTT.bits), and one list of
// documents in table 0's order (table-000.docs) that maps a fingerprint to its documents.
#include "jobs/index/packed_tables.hpp"

#include <filesystem>

#include "core/tables/key_table.hpp"
#include "io/io_error.hpp"
#include "jobs/stages/sketchers.hpp"

namespace neardup {
namespace {

// Document d's fingerprint in a segment's sketches (two words a document).
std::uint64_t fingerprint(std::span<const std::uint32_t> sketches, std::size_t d) {
  return fingerprint_of(sketches.subspan(2 * d, 2));
}

// "" when docs names each of the segment's documents once, at an entry of table 0 holding its
// fingerprint's key; else the first entry that does not.
std::string docs_problem(const PackedKeyTable& table, std::span<const std::uint32_t> docs,
                         const PermutedTables& design, std::span<const std::uint32_t> sketches) {
  if (docs.size() != sketches.size() / 2) {
    return "has " + std::to_string(docs.size()) + " documents, not " +
           std::to_string(sketches.size() / 2);
  }
  std::vector<bool> seen(docs.size(), false);
  std::string problem;
  table.for_each_key({0, docs.size()}, 0, 0, [&](std::size_t i, std::uint64_t key) {
    const std::uint32_t doc = docs[i];
    if (!problem.empty()) return;
    if (doc >= docs.size() || seen[doc] || design.permute(0, fingerprint(sketches, doc)) != key) {
      problem = "entry " + std::to_string(i) + " names document " + std::to_string(doc) +
                ", not one of table 000's key there";
    } else {
      seen[doc] = true;
    }
  });
  return problem;
}

}  // namespace

std::size_t packed_table_files(unsigned tables) { return 2 * std::size_t{tables} + 1; }

std::vector<IndexFile> write_packed_tables(const std::string& dir, const PermutedTables& design,
                                           std::span<const std::uint32_t> sketches) {
  std::vector<IndexFile> files;
  std::vector<std::uint64_t> keys(sketches.size() / 2);
  std::vector<std::uint32_t> docs(keys.size());
  std::vector<std::uint32_t> table_0_docs;
  for (unsigned t = 0; t < design.size(); ++t) {
    for (std::size_t d = 0; d < keys.size(); ++d) {
      keys[d] = design.permute(t, fingerprint(sketches, d));
      docs[d] = static_cast<std::uint32_t>(d);
    }
    sort_key_table(keys, docs);
    if (t == 0) table_0_docs = docs;
    const PackedKeyArrays packed = pack_sorted_keys(keys, key_directory_bits(keys.size()));
    files.push_back(write_index_array(dir, index_table_file("table", t, "dir"), packed.starts));
    files.push_back(write_index_array(dir, index_table_file("table", t, "bits"), packed.words));
  }
  files.push_back(write_index_array(dir, index_table_file("table", 0, "docs"), table_0_docs));
  return files;
}

PackedTables::PackedTables(const std::string& dir,
                           std::span<const std::unique_ptr<MappedFile>> files,
                           std::span<const IndexFile> records, const PermutedTables& design,
                           std::span<const std::uint32_t> sketches)
    : docs_(files.back()->as<std::uint32_t>()) {
  const auto path = [&](std::size_t file) {
    return (std::filesystem::path(dir) / records[file].name).string();
  };
  for (unsigned t = 0; t < design.size(); ++t) {
    const PackedKeys keys{files[2 * t]->as<std::uint32_t>(), files[2 * t + 1]->as<std::uint64_t>()};
    if (std::string problem = packed_directory_problem(keys.starts, sketches.size() / 2);
        !problem.empty()) {
      throw IoError(path(2 * t) + ": " + problem + " (corrupt)");
    }
    if (std::string problem = packed_keys_problem(keys, sketches.size() / 2); !problem.empty()) {
      throw IoError(path(2 * t + 1) + ": " + problem + " (corrupt)");
    }
    tables_.emplace_back(keys);
  }
  if (std::string problem = docs_problem(tables_[0], docs_, design, sketches); !problem.empty()) {
    throw IoError(path(files.size() - 1) + ": " + problem + " (corrupt)");
  }
}

std::span<const std::uint32_t> PackedTables::docs_of(const PermutedTables& design,
                                                     std::uint64_t fingerprint) const {
  const auto [first, last] = tables_[0].prefix_range(design.permute(0, fingerprint), 64);
  return docs_.subspan(first, last - first);
}

}  // namespace neardup
