// Inputs are regular files: a FIFO, device or socket is refused by its type, never opened in a
// way that could block.
#include "io/input/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "io/io_error.hpp"

namespace neardup {
namespace {

std::string not_regular(const std::string& path, const std::string& what, mode_t mode) {
  return path + ": " + what + " is " + file_type_name(mode) +
         ", not a regular file; neardup reads its inputs more than once, so write the stream " +
         "to a file first";
}

}  // namespace

std::string file_type_name(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISREG(mode)) return "a regular file";
  return "of an unknown type";
}

void require_regular_file(const std::string& path, const std::string& what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return;
  if (!S_ISREG(info.st_mode)) throw IoError(not_regular(path, what, info.st_mode));
}

int open_regular_file(const std::string& path, const std::string& what) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw IoError(errno_message(path, "cannot open"));
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const std::string message = errno_message(path, "cannot open");
    ::close(fd);
    throw IoError(message);
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    throw IoError(not_regular(path, what, info.st_mode));
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

}  // namespace neardup
