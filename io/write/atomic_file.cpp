// Output files written under a temporary name and renamed into place only when complete.
#include "io/write/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "io/io_error.hpp"

namespace neardup {
namespace {
constexpr std::size_t kBufferBytes = 1 << 20;
// A synced file starts its writeback every this many bytes, so commit()'s fsync finds most of
// the data on its way to the disk instead of all of it still in the page cache.
constexpr std::uint64_t kWritebackBytes = 8 << 20;
// The guard set_commit_guard installed.
CommitGuard g_guard;

}  // namespace

CommitGuard set_commit_guard(CommitGuard guard) {
  std::swap(g_guard, guard);
  return guard;
}

AtomicFile::AtomicFile(std::string final_path, SyncOnCommit sync)
    : final_path_(std::move(final_path)),
      temp_path_(final_path_ + ".tmp" + g_guard.temp_tag),
      sync_(sync) {
  fd_ = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw IoError(errno_message(temp_path_, "cannot create"));
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(temp_path_.c_str());
  }
}

void AtomicFile::flush() {
  write_through(std::string_view(buffer_.data(), buffer_.size()));
  buffer_.clear();
}

void AtomicFile::write_through(std::string_view bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t wrote = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) throw IoError(errno_message(temp_path_, "write failed"));
    done += static_cast<std::size_t>(wrote);
  }
  written_ += bytes.size();
  if (sync_ == SyncOnCommit::kYes && written_ - writeback_from_ >= kWritebackBytes) {
    // Only starts the writeback (it does not wait): an error shows at commit()'s fsync.
    ::sync_file_range(fd_, static_cast<off_t>(writeback_from_),
                      static_cast<off_t>(written_ - writeback_from_), SYNC_FILE_RANGE_WRITE);
    writeback_from_ = written_;
  }
}

void AtomicFile::write(std::string_view bytes) {
  if (bytes.size() > kBufferBytes - buffer_.size()) {
    flush();
    // A payload as large as the buffer goes straight to the file: no copy, no bigger buffer.
    if (bytes.size() >= kBufferBytes) return write_through(bytes);
  }
  buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
}

void AtomicFile::overwrite(std::uint64_t offset, std::string_view bytes) {
  flush();
  if (offset + bytes.size() > written_) {
    throw std::logic_error(temp_path_ + ": cannot overwrite bytes not yet written");
  }
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t wrote =
        ::pwrite(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) throw IoError(errno_message(temp_path_, "write failed"));
    done += static_cast<std::size_t>(wrote);
  }
}

void AtomicFile::commit() {
  flush();
  if (sync_ == SyncOnCommit::kYes && ::fsync(fd_) != 0)
    throw IoError(errno_message(temp_path_, "sync failed"));
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    ::unlink(temp_path_.c_str());
    throw IoError(errno_message(temp_path_, "close failed"));
  }
  if (g_guard.check) {
    try {
      g_guard.check(final_path_);
    } catch (...) {
      ::unlink(temp_path_.c_str());
      throw;
    }
  }
  if (std::rename(temp_path_.c_str(), final_path_.c_str()) != 0) {
    ::unlink(temp_path_.c_str());
    throw IoError(errno_message(final_path_, "cannot rename into place"));
  }
}

void write_file_atomically(const std::string& path, std::string_view contents) {
  AtomicFile file(path);
  file.write(contents);
  file.commit();
}

}  // namespace neardup
