// Streaming decompressors for gzip and zstd files, as byte streams of the decompressed data.
#pragma once

#include <memory>
#include <string>

#include "io/byte_stream.hpp"

namespace neardup {

/// The decompressed bytes of a gzip file of one or more concatenated members, inflated in
/// fixed-size chunks. Corrupt data, a file that ends inside a member and anything after the
/// last member that is not a gzip member end the stream with error() set. An empty file is an
/// empty stream. Throws IoError naming the path when the file cannot be opened or read.
std::unique_ptr<ByteStream> open_gzip_stream(const std::string& path);

/// The decompressed bytes of a zstd file of one or more frames, decoded in fixed-size chunks,
/// with the same error rules as open_gzip_stream.
std::unique_ptr<ByteStream> open_zstd_stream(const std::string& path);

}  // namespace neardup
