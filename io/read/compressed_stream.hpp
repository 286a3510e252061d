// Streaming decompressors for gzip and zstd files, as byte streams of the decompressed data.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "io/input/input_format.hpp"
#include "io/read/byte_stream.hpp"

namespace neardup {

/// The decompressed bytes of a compressed file read from the start of one of its pieces (gzip
/// members, zstd frames) to its end, which also tells where the output of the pieces of a
/// byte range of the file ends: the range [begin, end) it was opened for (a split of the file,
/// cut at piece starts: compressed_frames.hpp).
class CompressedStream : public ByteStream {
 public:
  /// How many decompressed bytes the pieces that start in [begin, end) produced, once the
  /// stream has decoded them all (when `end` is no piece start: through the piece it falls
  /// in); nullopt before, so every byte read while it is nullopt is theirs. Known at the start
  /// for an empty range, and at the end of the file when the range reaches it.
  virtual std::optional<std::uint64_t> range_output() const = 0;
};

inline constexpr std::uint64_t kToFileEnd = std::numeric_limits<std::uint64_t>::max();

/// The decompressed bytes of a gzip file of one or more concatenated members from the member
/// starting at `begin` (0: the whole file) on, inflated in fixed-size chunks; range_output
/// tells where the output of the members starting before `end` ends. Corrupt data (a `begin`
/// that is no member start too), a file that ends inside a member and anything after the
/// last member that is not a gzip member end the stream with error() set. An empty file is an
/// empty stream. Throws IoError naming the path when the file cannot be opened or read.
std::unique_ptr<CompressedStream> open_gzip_stream(const std::string& path, std::uint64_t begin = 0,
                                                   std::uint64_t end = kToFileEnd);

/// The decompressed bytes of a zstd file of one or more frames from the frame starting at
/// `begin` on, decoded in fixed-size chunks, with the same range and error rules as
/// open_gzip_stream (skippable frames produce no bytes).
std::unique_ptr<CompressedStream> open_zstd_stream(const std::string& path, std::uint64_t begin = 0,
                                                   std::uint64_t end = kToFileEnd);

/// The stream of `codec` (not kNone) over `path`, as open_gzip_stream and open_zstd_stream.
std::unique_ptr<CompressedStream> open_compressed_stream(const std::string& path, Codec codec,
                                                         std::uint64_t begin = 0,
                                                         std::uint64_t end = kToFileEnd);

}  // namespace neardup
