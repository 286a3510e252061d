// Reads the lines of one split of a file with large buffered reads; lines are never cut.
#include "io/line_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>

#include "io/io_error.hpp"

namespace neardup {
namespace {
constexpr std::size_t kInitialBuffer = 1 << 20;
}  // namespace

SplitLineReader::SplitLineReader(std::string path, std::uint64_t begin, std::uint64_t end)
    : path_(std::move(path)), buffer_(kInitialBuffer), end_(end) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw IoError(errno_message(path_, "cannot open"));
  if (begin == 0) return;
  buffer_offset_ = begin - 1;
  std::size_t newline = 0;
  while (!find_newline(newline)) {
    head_ = tail_;
    if (!fill()) break;
  }
  if (newline < tail_) head_ = newline + 1;
  first_line_start_ = next_line_start_ = buffer_offset_ + head_;
}

SplitLineReader::~SplitLineReader() {
  if (fd_ >= 0) ::close(fd_);
}

bool SplitLineReader::find_newline(std::size_t& position) {
  const void* hit =
      head_ < tail_ ? std::memchr(buffer_.data() + head_, '\n', tail_ - head_) : nullptr;
  if (hit == nullptr) return false;
  position = static_cast<std::size_t>(static_cast<const char*>(hit) - buffer_.data());
  return true;
}

bool SplitLineReader::fill() {
  if (eof_) return false;
  if (head_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + head_, tail_ - head_);
    buffer_offset_ += head_;
    tail_ -= head_;
    head_ = 0;
  }
  if (tail_ == buffer_.size()) buffer_.resize(buffer_.size() * 2);
  for (;;) {
    const ssize_t got = ::pread(fd_, buffer_.data() + tail_, buffer_.size() - tail_,
                                static_cast<off_t>(buffer_offset_ + tail_));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw IoError(errno_message(path_, "read failed"));
    if (got == 0) {
      eof_ = true;
      return false;
    }
    tail_ += static_cast<std::size_t>(got);
    return true;
  }
}

bool SplitLineReader::next(std::string_view& line, std::uint64_t& offset) {
  if (next_line_start_ >= end_) return false;
  std::size_t searched = 0;  // bytes after head_ known to hold no '\n'
  std::size_t newline = 0;
  for (;;) {
    const char* from = buffer_.data() + head_ + searched;
    const std::size_t available = tail_ - head_ - searched;
    const void* hit = available > 0 ? std::memchr(from, '\n', available) : nullptr;
    if (hit != nullptr) {
      newline = static_cast<std::size_t>(static_cast<const char*>(hit) - buffer_.data());
      break;
    }
    searched = tail_ - head_;
    if (!fill()) {
      if (head_ == tail_) return false;
      newline = tail_;
      break;
    }
  }
  offset = buffer_offset_ + head_;
  line = std::string_view(buffer_.data() + head_, newline - head_);
  head_ = newline < tail_ ? newline + 1 : tail_;
  next_line_start_ = buffer_offset_ + head_;
  return true;
}

}  // namespace neardup
