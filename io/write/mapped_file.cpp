// Index files: written atomically with their size and XXH3 checksum, read back memory-mapped
// and refused when truncated or corrupt.
#include "io/write/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <new>

#include "io/io_error.hpp"
#include "io/write/atomic_file.hpp"

namespace neardup {

IndexFile write_index_file(const std::string& dir, const std::string& name,
                           std::span<const char> bytes) {
  AtomicFile file((std::filesystem::path(dir) / name).string());
  file.write(std::string_view(bytes.data(), bytes.size()));
  file.commit();
  return {name, bytes.size(), XXH3_64bits(bytes.data(), bytes.size())};
}

std::string index_table_file(const char* kind, unsigned t, const char* suffix) {
  char name[64];
  std::snprintf(name, sizeof name, "%s-%03u.%s", kind, t, suffix);
  return name;
}

namespace {

// XXH3-64 of a mapped file, read in chunks whose pages are let go from this process after
// hashing (they stay in the page cache): opening a large index does not raise the resident
// memory to its size; queries map back only what they read.
std::uint64_t checksum_of_mapping(const char* data, std::size_t size) {
  constexpr std::size_t kChunk = 16 << 20;  // a multiple of the page size
  XXH3_state_t* state = XXH3_createState();
  if (state == nullptr) throw std::bad_alloc();
  XXH3_64bits_reset(state);
  for (std::size_t at = 0; at < size; at += kChunk) {
    const std::size_t n = std::min(kChunk, size - at);
    XXH3_64bits_update(state, data + at, n);
    ::madvise(const_cast<char*>(data + at), n, MADV_DONTNEED);
  }
  const std::uint64_t checksum = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return checksum;
}

}  // namespace

IndexFileWriter::IndexFileWriter(const std::string& dir, const std::string& name)
    : name_(name), file_((std::filesystem::path(dir) / name).string()), state_(XXH3_createState()) {
  if (state_ == nullptr) throw std::bad_alloc();
  XXH3_64bits_reset(state_);
}

IndexFileWriter::~IndexFileWriter() { XXH3_freeState(state_); }

void IndexFileWriter::write(std::string_view bytes) {
  file_.write(bytes);
  XXH3_64bits_update(state_, bytes.data(), bytes.size());
  bytes_ += bytes.size();
}

IndexFile IndexFileWriter::finish() {
  file_.commit();
  return {name_, bytes_, XXH3_64bits_digest(state_)};
}

MappedFile::MappedFile(const std::string& dir, const IndexFile& record) {
  const std::string path = (std::filesystem::path(dir) / record.name).string();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw IoError(errno_message(path, "cannot open index file"));
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const std::string message = errno_message(path, "cannot stat index file");
    ::close(fd);
    throw IoError(message);
  }
  size_ = static_cast<std::size_t>(info.st_size);
  if (size_ != record.bytes) {
    ::close(fd);
    throw IoError(path + ": index file has " + std::to_string(size_) + " bytes, the index " +
                  "records " + std::to_string(record.bytes) + " (truncated or replaced)");
  }
  if (size_ > 0) {
    void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd, 0);
    if (mapped == MAP_FAILED) {
      const std::string message = errno_message(path, "cannot map index file");
      ::close(fd);
      throw IoError(message);
    }
    data_ = static_cast<const char*>(mapped);
  }
  ::close(fd);
  if (checksum_of_mapping(data_, size_) != record.xxh3) {
    if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
    throw IoError(path + ": index file checksum mismatch (corrupt)");
  }
}

MappedFile::~MappedFile() {
  if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
}

}  // namespace neardup
