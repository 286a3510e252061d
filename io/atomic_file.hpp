// Output files written under a temporary name and renamed into place only when complete.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// Whether AtomicFile::commit() waits for the data to reach the disk (fsync) before renaming
/// (a synced file also starts the writeback of its data as it goes, every 8 MiB).
/// kNo only for files whose readers detect a torn or empty file (checksummed checkpoints,
/// scratch): after a power loss a renamed file may otherwise exist without its data.
enum class SyncOnCommit { kYes, kNo };

/// A buffered output file that appears under its final name only after commit(): readers never
/// see a partial file. Every write error (disk full, short write) throws IoError naming the
/// path; a file that is destroyed without commit() removes its temporary.
class AtomicFile {
 public:
  /// Creates `final_path` + ".tmp" for writing. Throws IoError naming the path on failure.
  explicit AtomicFile(std::string final_path, SyncOnCommit sync = SyncOnCommit::kYes);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends bytes.
  void write(std::string_view bytes);

  /// Flushes, syncs (unless SyncOnCommit::kNo), closes and renames the temporary to the final
  /// name.
  void commit();

 private:
  void flush();
  void write_through(std::string_view bytes);  // writes all of `bytes` to the file, unbuffered

  std::string final_path_;
  std::string temp_path_;
  int fd_ = -1;
  SyncOnCommit sync_;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
  std::uint64_t written_ = 0;         // bytes written to the file so far
  std::uint64_t writeback_from_ = 0;  // first byte whose writeback has not been started
};

/// Writes a whole small file atomically (temporary + rename).
void write_file_atomically(const std::string& path, std::string_view contents);

}  // namespace neardup
