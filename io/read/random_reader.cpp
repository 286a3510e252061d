// Reads byte ranges (single records) of input files at known offsets, keeping a few files open.
#include "io/read/random_reader.hpp"

#include <unistd.h>

#include "io/input/regular_file.hpp"
#include "io/io_error.hpp"

namespace neardup {

RandomReader::RandomReader(std::vector<std::string> paths)
    : paths_(std::move(paths)), fds_(paths_.size(), -1) {}

int RandomReader::descriptor(std::uint32_t file) {
  int& fd = fds_.at(file);
  if (fd >= 0) return fd;
  if (open_order_.size() == kMaxOpenFiles) {
    ::close(fds_[open_order_.front()]);
    fds_[open_order_.front()] = -1;
    open_order_.pop_front();
  }
  fd = open_regular_file(paths_[file], "input");
  open_order_.push_back(file);
  return fd;
}

RandomReader::~RandomReader() {
  for (const int fd : fds_) {
    if (fd >= 0) ::close(fd);
  }
}

std::string_view RandomReader::read(std::uint32_t file, std::uint64_t offset,
                                    std::uint32_t length) {
  const int fd = descriptor(file);
  buffer_.resize(length);
  std::size_t done = 0;
  while (done < length) {
    const ssize_t got =
        ::pread(fd, buffer_.data() + done, length - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw IoError(errno_message(paths_[file], "read failed"));
    if (got == 0) throw IoError(paths_[file] + ": file shrank while the job ran");
    done += static_cast<std::size_t>(got);
  }
  return buffer_;
}

}  // namespace neardup
