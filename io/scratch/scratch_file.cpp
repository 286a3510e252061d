// A scratch file made under a name no other process uses and unlinked at once.
#include "io/scratch/scratch_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "io/io_error.hpp"
#include "io/read/pread_fully.hpp"

namespace neardup {
namespace {

static_assert(sizeof(off_t) == 8, "scratch files pass 2 GiB");

// `path`: cannot WHAT the scratch file, with the reason in `error` (an errno value, or 0 for
// a file that ended early).
[[noreturn]] void fail(const std::string& path, const char* what, int error) {
  const std::string why = error != 0 ? std::error_code(error, std::generic_category()).message()
                                     : std::string("it ended early");
  throw IoError(path + ": cannot " + what + " the scratch file: " + why);
}

}  // namespace

ScratchFile::~ScratchFile() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

std::uint64_t ScratchFile::append(std::string_view bytes) {
  if (descriptor_ < 0) {
    const std::string name = path_ + "." + std::to_string(::getpid());
    descriptor_ = ::open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (descriptor_ < 0) fail(path_, "create", errno);
    if (::unlink(name.c_str()) != 0) fail(path_, "unlink", errno);
  }
  const std::uint64_t offset = size_;
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::pwrite(descriptor_, bytes.data() + done, bytes.size() - done,
                               static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(path_, "write", n < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(n);
  }
  size_ += bytes.size();
  return offset;
}

void ScratchFile::read(std::uint64_t offset, char* to, std::uint64_t size) const {
  const PreadResult read = pread_fully(descriptor_, to, size, offset);
  if (read.bytes < size) fail(path_, "read", read.error);
}

}  // namespace neardup
