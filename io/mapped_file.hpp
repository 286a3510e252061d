// Index files: written atomically with their size and XXH3 checksum, read back memory-mapped
// and refused when truncated or corrupt.
#pragma once

#include <cstdint>
#include <span>
#include <string>

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
