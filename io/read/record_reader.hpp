// Streams the records (documents) of one split, whatever the input format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/input/input_format.hpp"

namespace neardup {

/// How many bytes at the start of a text file are looked at for a NUL byte (as git and grep
/// tell binary files).
inline constexpr std::size_t kBinarySniffBytes = 8192;

/// One record: a line of a JSON Lines file (without its '\n'; a '\r' before it is kept), or
/// the whole (decompressed) content of a text file.
struct Record {
  std::string_view bytes;    // valid until the next call to next(); empty when skipped
  std::uint64_t offset = 0;  // first byte in the file (plain), or in the decompressed bytes
                             // from the split's first frame or member (compressed)
  std::uint64_t size = 0;    // the record's full length in bytes, also when oversized (when
                             // binary and compressed: the bytes decompressed before stopping)
  bool oversized = false;    // longer than max_record_bytes: bytes is empty, record skipped
  bool binary = false;       // a text file with a NUL byte in its first kBinarySniffBytes:
                             // bytes is empty, the file is read no further, record skipped
};

/// A reader of the records of one split, in order.
class RecordReader {
 public:
  virtual ~RecordReader() = default;

  /// Advances to the next record. Returns false at the end of the split, and after a decode
  /// error (corrupt or truncated compressed data), when decode_error() says why. A partial
  /// line cut by a decode error is never returned as a record.
  virtual bool next(Record& record) = 0;

  /// Bytes of the file consumed so far (compressed bytes for compressed formats; of a
  /// compressed JSON Lines split, those of its range [begin, end) only, so a file's splits
  /// read to their ends add up to its size).
  virtual std::uint64_t bytes_consumed() const = 0;

  /// Empty, or why the rest of the file could not be decoded (e.g. "truncated gzip data"); of
  /// a compressed JSON Lines split, only an error where its records needed bytes, not one in a
  /// later split's frames that it read ahead into.
  virtual const std::string& decode_error() const = 0;

  /// XXH3-64 of the bytes of the records read so far, each with the '\n' that ends it
  /// (oversized ones included; decompressed bytes for compressed formats; of a text file, the
  /// bytes read: its whole content, or its first kBinarySniffBytes when skipped as binary or
  /// by its size): after the last record, a checksum of the split's content that a later read
  /// of the same split must reproduce.
  virtual std::uint64_t content_hash() const = 0;
};

/// Opens the records of `path` in the byte range [begin, end) for kJsonl (see Split); for
/// kJsonlGzip and kJsonlZstd, of the split [begin, end) cut at gzip member or zstd frame starts
/// (see Split for the lines it owns; begin = 0 and end >= the file's size: the whole file); of
/// the whole file for the text formats (begin must be 0; end is ignored). Records longer than
/// `max_record_bytes` are reported as oversized without being held in memory. A text file
/// (plain, or decompressed for kTextGzip and kTextZstd) is one record, reported as binary
/// when its first kBinarySniffBytes hold a NUL byte (then, as for a plain text file too long
/// by its size, read no further); a compressed text file that cannot be decoded to its end
/// gives no record (decode_error says why). Throws IoError naming the path when the file
/// cannot be opened or read (not for bad compressed data).
std::unique_ptr<RecordReader> open_records(const std::string& path, InputFormat format,
                                           std::uint64_t begin, std::uint64_t end,
                                           std::uint64_t max_record_bytes);

/// The content_hash of every record of the split [begin, end) of `path`, read with
/// open_records(path, format, begin, end, max_record_bytes): reads the split again
/// (decompressing it for compressed formats) to check it against a checksum taken when it was
/// first read with the same limit. Throws IoError naming the path when it cannot be read.
std::uint64_t split_content_hash(const std::string& path, InputFormat format, std::uint64_t begin,
                                 std::uint64_t end, std::uint64_t max_record_bytes);

}  // namespace neardup
