// Reads byte ranges (single records) of input files at known offsets, keeping a few files open.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace neardup {

/// Random-access reads of input files by index, for re-reading the lines of documents that
/// later stages need (ids for outputs, shingle sets for exact verification). At most
/// kMaxOpenFiles files are open at once (the oldest opened is closed first), so a corpus of a
/// million small files does not run out of descriptors.
class RandomReader {
 public:
  /// The path of the input file of an index (as in the input plan); it is asked for when the
  /// file is opened, so the reader holds no list of every file.
  using PathFn = std::function<const std::string&(std::uint32_t file)>;

  explicit RandomReader(PathFn path_of);
  ~RandomReader();
  RandomReader(const RandomReader&) = delete;
  RandomReader& operator=(const RandomReader&) = delete;

  /// Reads `length` bytes at `offset` of file `file`; valid until the next call. Throws
  /// IoError naming the path when the file cannot be opened or is shorter than expected.
  std::string_view read(std::uint32_t file, std::uint64_t offset, std::uint32_t length);

  /// The most files kept open at once.
  static constexpr std::size_t kMaxOpenFiles = 64;

 private:
  int descriptor(std::uint32_t file);

  PathFn path_of_;
  std::deque<std::pair<std::uint32_t, int>> open_;  // (file, descriptor), oldest opened first
  std::string buffer_;
};

}  // namespace neardup
