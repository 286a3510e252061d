// Reads byte ranges (single lines) of input files at known offsets, keeping files open.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// Random-access reads of input files by index, for re-reading the lines of documents that
/// later stages need (ids for outputs, shingle sets for exact verification).
class RandomReader {
 public:
  /// `paths` are the input files, indexed as in the input plan.
  explicit RandomReader(std::vector<std::string> paths);
  ~RandomReader();
  RandomReader(const RandomReader&) = delete;
  RandomReader& operator=(const RandomReader&) = delete;

  /// Reads `length` bytes at `offset` of file `file`; valid until the next call. Throws
  /// IoError naming the path when the file cannot be opened or is shorter than expected.
  std::string_view read(std::uint32_t file, std::uint64_t offset, std::uint32_t length);

 private:
  std::vector<std::string> paths_;
  std::vector<int> fds_;
  std::string buffer_;
};

}  // namespace neardup
