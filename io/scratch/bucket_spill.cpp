// Buckets of bytes in memory, appended to one scratch file when they outgrow their budget.
#include "io/scratch/bucket_spill.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

#include "io/io_error.hpp"

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

BucketSpill::BucketSpill(std::string path, std::size_t buckets, std::uint64_t memory_bytes)
    : path_(std::move(path)),
      memory_bytes_(memory_bytes),
      memory_(buckets),
      chunks_(buckets),
      bytes_(buckets, 0) {}

BucketSpill::~BucketSpill() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

void BucketSpill::append(std::size_t bucket, std::string_view bytes) {
  memory_[bucket].append(bytes);
  bytes_[bucket] += bytes.size();
  in_memory_ += bytes.size();
  if (in_memory_ > memory_bytes_) spill();
}

void BucketSpill::open_file() {
  // A name no other process uses, removed at once: the file lives as long as the descriptor,
  // so a run killed leaves nothing behind and no other run can read or truncate it.
  const std::string name = path_ + "." + std::to_string(::getpid());
  descriptor_ = ::open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (descriptor_ < 0) fail(path_, "create", errno);
  if (::unlink(name.c_str()) != 0) fail(path_, "unlink", errno);
}

void BucketSpill::spill() {
  if (descriptor_ < 0) open_file();
  for (std::size_t b = 0; b < memory_.size(); ++b) {
    std::string& held = memory_[b];
    if (held.empty()) continue;
    for (std::size_t done = 0; done < held.size();) {
      const ssize_t n = ::pwrite(descriptor_, held.data() + done, held.size() - done,
                                 static_cast<off_t>(file_size_ + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail(path_, "write", n < 0 ? errno : ENOSPC);
      done += static_cast<std::size_t>(n);
    }
    chunks_[b].push_back({file_size_, held.size()});
    file_size_ += held.size();
    in_memory_ -= held.size();
    std::string().swap(held);
  }
}

std::string BucketSpill::take(std::size_t bucket) {
  std::string out;
  out.reserve(bytes_[bucket]);
  for (const Chunk& chunk : chunks_[bucket]) {
    const std::size_t start = out.size();
    out.resize(start + chunk.size);
    for (std::size_t done = 0; done < chunk.size;) {
      const ssize_t n = ::pread(descriptor_, out.data() + start + done, chunk.size - done,
                                static_cast<off_t>(chunk.offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail(path_, "read", n < 0 ? errno : 0);
      done += static_cast<std::size_t>(n);
    }
  }
  out += memory_[bucket];
  in_memory_ -= memory_[bucket].size();
  std::string().swap(memory_[bucket]);
  chunks_[bucket].clear();
  bytes_[bucket] = 0;
  return out;
}

}  // namespace neardup
