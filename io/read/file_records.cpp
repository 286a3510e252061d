// Reads a stretch of a file in order, in pieces.
#include "io/read/file_records.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "io/io_error.hpp"

namespace neardup {

FileStretchReader::FileStretchReader(std::string path, std::uint64_t offset, std::uint64_t size)
    : path_(std::move(path)), at_(offset), end_(offset + size) {
  descriptor_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor_ < 0) throw IoError(errno_message(path_, "cannot open"));
}

FileStretchReader::~FileStretchReader() { ::close(descriptor_); }

std::uint64_t FileStretchReader::read(char* to, std::uint64_t size) {
  const std::uint64_t want = std::min(size, end_ - at_);
  std::uint64_t done = 0;
  while (done < want) {
    const ssize_t got =
        ::pread(descriptor_, to + done, want - done, static_cast<off_t>(at_ + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw IoError(errno_message(path_, "read failed"));
    if (got == 0) throw IoError(path_ + ": ends before the records it should hold");
    done += static_cast<std::uint64_t>(got);
  }
  at_ += done;
  return done;
}

}  // namespace neardup
