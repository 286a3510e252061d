// Reads the lines of one split of a file with large buffered reads; lines are never cut.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/read/record_reader.hpp"

namespace neardup {

/// Streams the lines that belong to the byte range [begin, end) of a file (see Split): when
/// begin > 0, the partial line before the first '\n' at or after begin-1 belongs to the
/// previous split; every line starting before `end` is read whole, even past `end`. A last
/// line without '\n' is a line; the '\n' itself is not part of the line ('\r' is kept).
class SplitLineReader {
 public:
  /// Opens `path` for the range [begin, end). Throws IoError naming the path on failure.
  SplitLineReader(std::string path, std::uint64_t begin, std::uint64_t end);
  ~SplitLineReader();
  SplitLineReader(const SplitLineReader&) = delete;
  SplitLineReader& operator=(const SplitLineReader&) = delete;

  /// Advances to the next line of the split. Returns false when the split has no more lines.
  /// `line` stays valid until the next call; `offset` is the line's first byte in the file.
  bool next(std::string_view& line, std::uint64_t& offset);

  /// Bytes consumed from the file so far (for progress and throughput).
  std::uint64_t bytes_consumed() const { return records_->bytes_consumed(); }

 private:
  std::unique_ptr<RecordReader> records_;
};

}  // namespace neardup
