// Reads a stretch of a file in order, in pieces.
#include "io/read/file_records.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "io/io_error.hpp"
#include "io/read/pread_fully.hpp"

namespace neardup {

FileStretchReader::FileStretchReader(std::string path, std::uint64_t offset, std::uint64_t size)
    : path_(std::move(path)), at_(offset), end_(offset + size) {
  descriptor_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor_ < 0) throw IoError(errno_message(path_, "cannot open"));
}

FileStretchReader::~FileStretchReader() { ::close(descriptor_); }

std::uint64_t FileStretchReader::read(char* to, std::uint64_t size) {
  const std::uint64_t want = std::min(size, end_ - at_);
  const PreadResult read = pread_fully(descriptor_, to, want, at_);
  if (read.error != 0) {
    errno = read.error;
    throw IoError(errno_message(path_, "read failed"));
  }
  if (read.bytes < want) throw IoError(path_ + ": ends before the records it should hold");
  at_ += want;
  return want;
}

}  // namespace neardup
