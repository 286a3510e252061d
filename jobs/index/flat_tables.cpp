// Flat key tables of an index segment: per table a sorted array of 64-bit keys (KIND-TTT.keys)
// and the document of each (KIND-TTT.docs), as SimHash and MinHash indexes store them.
#include "jobs/index/flat_tables.hpp"

#include "io/io_error.hpp"

namespace neardup {

std::vector<IndexFile> write_flat_tables(
    const std::string& dir, const char* kind, unsigned count, std::size_t docs,
    const std::function<std::uint64_t(unsigned, std::size_t)>& key) {
  std::vector<IndexFile> files;
  std::vector<std::uint64_t> keys(docs);
  std::vector<std::uint32_t> numbers(docs);
  for (unsigned t = 0; t < count; ++t) {
    for (std::size_t d = 0; d < docs; ++d) {
      keys[d] = key(t, d);
      numbers[d] = static_cast<std::uint32_t>(d);
    }
    sort_key_table(keys, numbers);
    files.push_back(write_index_array(dir, index_table_file(kind, t, "keys"), keys));
    files.push_back(write_index_array(dir, index_table_file(kind, t, "docs"), numbers));
  }
  return files;
}

std::vector<BucketedKeyTable> open_flat_tables(const std::string& dir,
                                               std::span<const std::unique_ptr<MappedFile>> files,
                                               std::uint64_t docs) {
  std::vector<BucketedKeyTable> tables;
  for (std::size_t t = 0; t + 1 < files.size(); t += 2) {
    const KeyTableView table{files[t]->as<std::uint64_t>(), files[t + 1]->as<std::uint32_t>()};
    if (table.keys.size() != docs || !is_key_table_sorted(table)) {
      throw IoError(dir + ": segment files disagree with the index metadata (corrupt)");
    }
    tables.emplace_back(table);
  }
  return tables;
}

}  // namespace neardup
