// Output parts written in an input's format and compression, atomically.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "io/input/input_format.hpp"

namespace neardup {

/// A streaming output file in plain, gzip or zstd form that appears under its final name only
/// after commit() (temporary + rename, like AtomicFile). Write errors throw IoError naming the
/// path; destruction without commit() removes the temporary.
class PartWriter {
 public:
  virtual ~PartWriter() = default;

  /// Appends bytes (uncompressed; compressed on the way out for gzip and zstd).
  virtual void write(std::string_view bytes) = 0;

  /// Finishes the stream (gzip trailer, zstd frame end), syncs and renames into place.
  virtual void commit() = 0;
};

/// Opens a part at `final_path` compressed as `format` says: kJsonlGzip and kTextGzip give one
/// gzip member (readable by gunzip and zlib), kJsonlZstd and kTextZstd one zstd frame, kJsonl
/// and kText plain bytes.
std::unique_ptr<PartWriter> open_part(const std::string& final_path, InputFormat format);

}  // namespace neardup
