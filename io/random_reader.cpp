// Reads byte ranges (single lines) of input files at known offsets, keeping files open.
#include "io/random_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include "io/io_error.hpp"

namespace neardup {

RandomReader::RandomReader(std::vector<std::string> paths)
    : paths_(std::move(paths)), fds_(paths_.size(), -1) {}

RandomReader::~RandomReader() {
  for (const int fd : fds_) {
    if (fd >= 0) ::close(fd);
  }
}

std::string_view RandomReader::read(std::uint32_t file, std::uint64_t offset,
                                    std::uint32_t length) {
  int& fd = fds_.at(file);
  if (fd < 0) {
    fd = ::open(paths_[file].c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw IoError(errno_message(paths_[file], "cannot open"));
  }
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
