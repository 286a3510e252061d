// Reads a stretch of a file at an offset whole: short reads and interruptions retried, the end
// of the file and errors told apart for the caller's own message.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstdint>

namespace neardup {

/// What pread_fully read: `bytes` (fewer than asked only when the file ended first, or on an
/// error) and `error`, the errno of a failed read (0 when none failed).
struct PreadResult {
  std::uint64_t bytes = 0;
  int error = 0;
};

/// Reads `size` bytes at `offset` of the open file `fd` into `to`, retrying short reads and
/// EINTR until they are all read, the file ends, or a read fails.
inline PreadResult pread_fully(int fd, char* to, std::uint64_t size, std::uint64_t offset) {
  PreadResult result;
  while (result.bytes < size) {
    const ssize_t got = ::pread(fd, to + result.bytes, size - result.bytes,
                                static_cast<off_t>(offset + result.bytes));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) result.error = errno;
    if (got <= 0) break;
    result.bytes += static_cast<std::uint64_t>(got);
  }
  return result;
}

}  // namespace neardup
