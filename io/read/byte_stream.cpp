// Sequential byte sources read in chunks: a file from an offset, read with pread.
#include "io/read/byte_stream.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "io/input/regular_file.hpp"
#include "io/io_error.hpp"

namespace neardup {

FileStream::FileStream(std::string path, std::uint64_t offset)
    : path_(std::move(path)), start_(offset), position_(offset) {
  fd_ = open_regular_file(path_, "input");
}

FileStream::~FileStream() { ::close(fd_); }

std::size_t FileStream::read(char* out, std::size_t capacity) {
  for (;;) {
    const ssize_t got = ::pread(fd_, out, capacity, static_cast<off_t>(position_));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw IoError(errno_message(path_, "read failed"));
    position_ += static_cast<std::uint64_t>(got);
    return static_cast<std::size_t>(got);
  }
}

std::uint64_t FileStream::file_size() const {
  struct stat info {};
  if (::fstat(fd_, &info) != 0) throw IoError(errno_message(path_, "cannot stat"));
  return static_cast<std::uint64_t>(info.st_size);
}

}  // namespace neardup
