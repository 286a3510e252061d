// Index files: written atomically with their size and XXH3 checksum, read back memory-mapped
// and refused when truncated or corrupt.
#pragma once

#include <xxhash.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/write/atomic_file.hpp"

namespace neardup {

/// A file of an index as its metadata records it.
struct IndexFile {
  std::string name;  // relative to the index directory
  std::uint64_t bytes = 0;
  std::uint64_t xxh3 = 0;  // XXH3_64bits of the content
};

/// Writes DIR/NAME atomically (see AtomicFile) and returns its record. Throws IoError naming
/// the path on any write error.
IndexFile write_index_file(const std::string& dir, const std::string& name,
                           std::span<const char> bytes);

/// write_index_file of an array's bytes.
template <class T>
IndexFile write_index_array(const std::string& dir, const std::string& name,
                            const std::vector<T>& items) {
  return write_index_file(dir, name,
                          {reinterpret_cast<const char*>(items.data()), items.size() * sizeof(T)});
}

/// The name of a segment's file `suffix` of table t of `kind` ("table-007.keys").
std::string index_table_file(const char* kind, unsigned t, const char* suffix);

/// An index file written piece by piece (for contents too large to hold in memory), with the
/// same record as write_index_file gives. Nothing appears under the final name before finish().
class IndexFileWriter {
 public:
  /// Creates DIR/NAME's temporary. Throws IoError naming the path on failure.
  IndexFileWriter(const std::string& dir, const std::string& name);
  ~IndexFileWriter();
  IndexFileWriter(const IndexFileWriter&) = delete;
  IndexFileWriter& operator=(const IndexFileWriter&) = delete;

  /// Appends bytes. Throws IoError naming the path on write errors.
  void write(std::string_view bytes);

  /// Commits the file under its name and returns its record. Throws IoError on write errors.
  IndexFile finish();

 private:
  std::string name_;
  AtomicFile file_;
  XXH3_state_t* state_;
  std::uint64_t bytes_ = 0;
};

/// A read-only memory map of an index file, checked against its record: a missing file, a
/// different size (truncated) or a different checksum (corrupt) throws IoError naming the path.
class MappedFile {
 public:
  MappedFile(const std::string& dir, const IndexFile& record);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  /// The content as an array of T (the size must be a multiple of sizeof(T)).
  template <class T>
  std::span<const T> as() const {
    return {reinterpret_cast<const T*>(data_), size_ / sizeof(T)};
  }

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace neardup
