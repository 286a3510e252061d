// Reads byte ranges (single records) of input files at known offsets, keeping a few files open.
#include "io/read/random_reader.hpp"

#include <unistd.h>

#include <cerrno>

#include "io/input/regular_file.hpp"
#include "io/io_error.hpp"
#include "io/read/pread_fully.hpp"

namespace neardup {

RandomReader::RandomReader(PathFn path_of) : path_of_(std::move(path_of)) {}

int RandomReader::descriptor(std::uint32_t file) {
  for (const auto& [open_file, fd] : open_) {
    if (open_file == file) return fd;
  }
  if (open_.size() == kMaxOpenFiles) {
    ::close(open_.front().second);
    open_.pop_front();
  }
  const int fd = open_regular_file(path_of_(file), "input");
  open_.emplace_back(file, fd);
  return fd;
}

RandomReader::~RandomReader() {
  for (const auto& [file, fd] : open_) ::close(fd);
}

std::string_view RandomReader::read(std::uint32_t file, std::uint64_t offset,
                                    std::uint32_t length) {
  const int fd = descriptor(file);
  buffer_.resize(length);
  const PreadResult read = pread_fully(fd, buffer_.data(), length, offset);
  if (read.error != 0) {
    errno = read.error;
    throw IoError(errno_message(path_of_(file), "read failed"));
  }
  if (read.bytes < length) throw IoError(path_of_(file) + ": file shrank while the job ran");
  return buffer_;
}

}  // namespace neardup
