// Sequential byte sources read in chunks: a file from an offset, or a decompressed file.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

namespace neardup {

/// The chunk a reader takes from a stream at a time.
inline constexpr std::size_t kReadChunkBytes = 1 << 20;

/// The smallest chunk: text files and the splits of small files are often smaller than a chunk.
inline constexpr std::size_t kSmallReadChunkBytes = 64 << 10;

/// The buffer for reading the byte range [begin, end) of a file: a chunk, or the range when it
/// is smaller, at least a small chunk (a split of a small file then takes little memory).
inline std::size_t range_buffer_bytes(std::uint64_t begin, std::uint64_t end) {
  const std::uint64_t range = end > begin ? end - begin : 0;
  return static_cast<std::size_t>(
      std::clamp<std::uint64_t>(range, kSmallReadChunkBytes, kReadChunkBytes));
}

/// A stream of bytes read front to back in chunks of the caller's choosing.
class ByteStream {
 public:
  virtual ~ByteStream() = default;

  /// Reads up to `capacity` (> 0) bytes into `out` and returns how many; 0 means the stream has
  /// ended, cleanly or by a decode error (see error()). Throws IoError naming the path when the
  /// underlying file cannot be read.
  virtual std::size_t read(char* out, std::size_t capacity) = 0;

  /// Bytes of the underlying file consumed so far (compressed bytes for a decompressor).
  virtual std::uint64_t bytes_consumed() const = 0;

  /// Empty, or why the stream ended early (corrupt or truncated compressed data).
  virtual const std::string& error() const = 0;
};

/// The bytes of a file from a given offset to its end, read with pread.
class FileStream final : public ByteStream {
 public:
  /// Opens `path` for reading from `offset`. Throws IoError naming the path when the file
  /// cannot be opened or is a directory.
  FileStream(std::string path, std::uint64_t offset);
  ~FileStream() override;
  FileStream(const FileStream&) = delete;
  FileStream& operator=(const FileStream&) = delete;

  std::size_t read(char* out, std::size_t capacity) override;
  std::uint64_t bytes_consumed() const override { return position_ - start_; }
  const std::string& error() const override { return error_; }

  /// The file's current size in bytes. Throws IoError naming the path on failure.
  std::uint64_t file_size() const;

  /// The path the stream reads.
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t start_ = 0;
  std::uint64_t position_ = 0;
  std::string error_;  // always empty: a plain file has no decode errors
};

}  // namespace neardup
