// Output files written under a temporary name and renamed into place only when complete.
#pragma once

#include <cstdint>
#include <functional>
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
  /// Creates `final_path` + ".tmp" (+ the commit guard's tag) for writing. Throws IoError naming
  /// the path on failure.
  explicit AtomicFile(std::string final_path, SyncOnCommit sync = SyncOnCommit::kYes);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends bytes.
  void write(std::string_view bytes);

  /// Writes `bytes` over bytes already written, from byte `offset` of the file on (a header
  /// filled in last); the file keeps its size.
  void overwrite(std::uint64_t offset, std::string_view bytes);

  /// Flushes, syncs (unless SyncOnCommit::kNo), closes, runs the commit guard's check
  /// (see set_commit_guard) and renames the temporary to the final name.
  void commit();

 private:
  void flush();
  void write_through(std::string_view bytes);  // writes all of `bytes` to the file, unbuffered

  std::string final_path_;
  std::string temp_path_;
  int fd_ = -1;
  SyncOnCommit sync_;
  // Bytes not yet written, up to 1 MiB; grown as written to, so a small file (a split's
  // sketch) never allocates, zeroes and faults in a whole MiB: that cost 0.25 ms a file, 12 s
  // of a 50,000-file corpus's 0.4 s sketch at 2 ranks.
  std::vector<char> buffer_;
  std::uint64_t written_ = 0;         // bytes written to the file so far
  std::uint64_t writeback_from_ = 0;  // first byte whose writeback has not been started
};

/// How this process's commits (AtomicFile's, PartWriter's and write_file_atomically's) are
/// guarded: by default not at all, with temporaries named FINAL.tmp.
struct CommitGuard {
  /// Appended to the temporaries' names (FINAL.tmp + tag), so that two runs writing the same
  /// file (one that broke the other's lock) never touch each other's temporary.
  std::string temp_tag;
  /// Runs with the final path just before each rename and throws to refuse it (the temporary
  /// is then removed). Empty: no check.
  std::function<void(const std::string& final_path)> check;
};

/// Installs `guard` for every AtomicFile created (its tag) and committed (its check) in this
/// process from now on and returns the one it replaces (to restore it). Not to be called while
/// other threads create or commit files.
CommitGuard set_commit_guard(CommitGuard guard);

/// Writes a whole small file atomically (temporary + rename).
void write_file_atomically(const std::string& path, std::string_view contents);

}  // namespace neardup
