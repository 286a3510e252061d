// Files that prove their own integrity: a magic line with format version, checksum and length
// before the payload, written atomically, whole or as a stream; a truncated or corrupt file is
// refused, whether read whole or checked a buffer at a time.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "io/write/atomic_file.hpp"

struct XXH3_state_s;

namespace neardup {

/// Writes `payload` to `path` atomically (temporary + rename) behind the header line
/// "MAGIC VERSION XXH3-64 LENGTH". Throws IoError naming the path on any write error. With
/// SyncOnCommit::kNo the caller must treat a file refused by load_checked_file as absent.
void save_checked_file(const std::string& path, std::string_view magic, std::uint32_t version,
                       std::string_view payload, SyncOnCommit sync = SyncOnCommit::kYes);

/// As above, for the payload made of `pieces` one after another, written without joining them.
void save_checked_file(const std::string& path, std::string_view magic, std::uint32_t version,
                       std::span<const std::string_view> pieces,
                       SyncOnCommit sync = SyncOnCommit::kYes);

/// A file of save_checked_file's format written as a stream: its header goes first with the
/// checksum and length zero-padded (read as load_checked_file reads any header), and commit()
/// fills them in. Throws IoError naming the path on any write error; destroyed without
/// commit(), it leaves nothing.
class CheckedFileWriter {
 public:
  CheckedFileWriter(const std::string& path, std::string_view magic, std::uint32_t version,
                    SyncOnCommit sync = SyncOnCommit::kYes);
  ~CheckedFileWriter();
  CheckedFileWriter(const CheckedFileWriter&) = delete;
  CheckedFileWriter& operator=(const CheckedFileWriter&) = delete;

  /// Appends bytes to the payload.
  void write(std::string_view bytes);

  /// The payload's bytes written so far.
  std::uint64_t size() const { return size_; }

  /// Where the payload starts in the file: the header's length.
  std::uint64_t payload_offset() const { return payload_offset_; }

  /// Fills in the header, then commits the file (AtomicFile::commit).
  void commit();

 private:
  AtomicFile file_;
  XXH3_state_s* checksum_;
  std::string head_;  // the header up to its checksum
  std::uint64_t payload_offset_ = 0;
  std::uint64_t size_ = 0;
};

/// Where a checked file's payload lies: its first byte and its length.
struct CheckedPayload {
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

/// Checks a file written by save_checked_file or CheckedFileWriter as load_checked_file does
/// (throwing as it does), reading its payload a buffer at a time rather than keeping it, and
/// says where the payload lies.
CheckedPayload check_checked_file(const std::string& path, std::string_view magic,
                                  std::uint32_t version, std::string_view what);

/// Reads a file written by save_checked_file and returns its payload. Throws IoError naming
/// the path and `what` (e.g. "checkpoint") when it is missing, has another magic, or is
/// truncated, padded or corrupt (checksum); FormatVersionError when it has another version.
std::string load_checked_file(const std::string& path, std::string_view magic,
                              std::uint32_t version, std::string_view what);

}  // namespace neardup
