// A process's own scratch file, made on its first write and unlinked at once: appended to and
// read back at offsets, gone whatever ends the process.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace neardup {

/// Bytes appended to a scratch file and read back at their offsets. The file, `path` and this
/// process's id, is made on the first append and unlinked at once: it lives as long as the
/// object, whatever ends the process, and no other process can read or truncate it. Throws
/// IoError naming `path` when the file cannot be made, written or read.
class ScratchFile {
 public:
  explicit ScratchFile(std::string path) : path_(std::move(path)) {}
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  /// Appends `bytes`; returns the offset of the first.
  std::uint64_t append(std::string_view bytes);

  /// Reads the `size` bytes at `offset` (appended before) into `to`.
  void read(std::uint64_t offset, char* to, std::uint64_t size) const;

  /// The bytes appended.
  std::uint64_t size() const { return size_; }

  /// Whether the file was made (anything appended).
  bool made() const { return descriptor_ >= 0; }

 private:
  std::string path_;
  int descriptor_ = -1;
  std::uint64_t size_ = 0;
};

}  // namespace neardup
