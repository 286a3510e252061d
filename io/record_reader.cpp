// Streams the records of one split: the lines of a JSON Lines file (plain, gzip or zstd), or a
// whole text file, with records longer than the limit skipped without being held in memory.
#include "io/record_reader.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

#include "io/byte_stream.hpp"
#include "io/compressed_stream.hpp"

namespace neardup {
namespace {

constexpr std::size_t kChunkBytes = 1 << 20;
constexpr std::uint64_t kNoEnd = std::numeric_limits<std::uint64_t>::max();

// A streaming XXH3-64 of bytes as they are consumed.
class ContentHash {
 public:
  ContentHash() : state_(XXH3_createState()) {
    if (state_ == nullptr) throw std::bad_alloc();
    XXH3_64bits_reset(state_.get());
  }
  void add(const char* bytes, std::size_t size) { XXH3_64bits_update(state_.get(), bytes, size); }
  std::uint64_t digest() const { return XXH3_64bits_digest(state_.get()); }

 private:
  struct Free {
    void operator()(XXH3_state_t* state) const { XXH3_freeState(state); }
  };
  std::unique_ptr<XXH3_state_t, Free> state_;
};

// The largest line buffer a reader needs: a record of max_record_bytes and one chunk after it.
std::size_t buffer_limit(std::uint64_t max_record_bytes) {
  const std::uint64_t most = std::numeric_limits<std::size_t>::max() - kChunkBytes;
  return static_cast<std::size_t>(std::min<std::uint64_t>(
             std::max<std::uint64_t>(max_record_bytes, kChunkBytes), most)) +
         kChunkBytes;
}

// The lines of a byte stream that start before `end`, '\n' excluded. The buffer holds at most
// one line of up to max_record_bytes plus a chunk; a longer line is counted, not kept.
class LineRecordReader final : public RecordReader {
 public:
  // `stream` starts at `begin - 1` when begin > 0 (the partial line up to and including the
  // first '\n' from there belongs to the previous split), else at 0. `stream_bytes` reports the
  // stream's own consumed bytes (compressed input) instead of the bytes of the lines read.
  LineRecordReader(std::unique_ptr<ByteStream> stream, std::uint64_t begin, std::uint64_t end,
                   std::uint64_t max_record_bytes, bool stream_bytes)
      : stream_(std::move(stream)),
        buffer_(kChunkBytes),
        buffer_offset_(begin > 0 ? begin - 1 : 0),
        end_(end),
        max_(max_record_bytes),
        buffer_limit_(buffer_limit(max_record_bytes)),
        stream_bytes_(stream_bytes) {
    std::uint64_t skipped = 0;
    if (begin > 0) skip_line(skipped, false);
    first_line_start_ = line_start();
  }

  bool next(Record& record) override {
    if (done_ || line_start() >= end_) return false;
    const std::uint64_t start = line_start();
    std::size_t searched = 0;  // bytes after head_ known to hold no '\n'
    std::size_t newline = 0;
    while (!find_newline(searched, newline)) {
      searched = tail_ - head_;
      if (searched > max_) return skip_oversized(start, record);
      if (!fill()) {
        if (head_ == tail_ || !stream_->error().empty()) {
          done_ = true;  // the end, or a decode error: a partial line is never a record
          return false;
        }
        newline = tail_;  // a last line without '\n'
        break;
      }
    }
    const std::size_t length = newline - head_;
    record.offset = start;
    record.size = length;
    record.oversized = length > max_;
    record.bytes =
        record.oversized ? std::string_view() : std::string_view(buffer_.data() + head_, length);
    const std::size_t next_head = std::min(newline + 1, tail_);
    hash_.add(buffer_.data() + head_, next_head - head_);
    head_ = next_head;
    return true;
  }

  std::uint64_t bytes_consumed() const override {
    return stream_bytes_ ? stream_->bytes_consumed() : line_start() - first_line_start_;
  }

  const std::string& decode_error() const override { return stream_->error(); }

  std::uint64_t content_hash() const override { return hash_.digest(); }

 private:
  std::uint64_t line_start() const { return buffer_offset_ + head_; }

  // Finds the first '\n' in the buffer at or after head_ + from.
  bool find_newline(std::size_t from, std::size_t& position) const {
    const std::size_t available = tail_ - head_ - from;
    const void* hit =
        available > 0 ? std::memchr(buffer_.data() + head_ + from, '\n', available) : nullptr;
    if (hit == nullptr) return false;
    position = static_cast<std::size_t>(static_cast<const char*>(hit) - buffer_.data());
    return true;
  }

  // Moves the unread bytes to the front and reads more after them, growing the buffer only
  // while it is smaller than buffer_limit_. Returns false at the end of the stream.
  bool fill() {
    if (eof_) return false;
    if (head_ > 0) {
      std::memmove(buffer_.data(), buffer_.data() + head_, tail_ - head_);
      buffer_offset_ += head_;
      tail_ -= head_;
      head_ = 0;
    }
    if (tail_ == buffer_.size()) buffer_.resize(std::min(buffer_.size() * 2, buffer_limit_));
    const std::size_t got = stream_->read(buffer_.data() + tail_, buffer_.size() - tail_);
    if (got == 0) {
      eof_ = true;
      return false;
    }
    tail_ += got;
    return true;
  }

  // Discards bytes up to and including the next '\n' (or the end of the stream), adding them to
  // the content hash when `hashed`; `length` is the number of bytes before the '\n'. Returns
  // false when a decode error cut the line.
  bool skip_line(std::uint64_t& length, bool hashed) {
    length = 0;
    std::size_t newline = 0;
    while (!find_newline(0, newline)) {
      length += tail_ - head_;
      if (hashed) hash_.add(buffer_.data() + head_, tail_ - head_);
      head_ = tail_;
      if (!fill()) return stream_->error().empty();
    }
    length += newline - head_;
    if (hashed) hash_.add(buffer_.data() + head_, newline + 1 - head_);
    head_ = newline + 1;
    return true;
  }

  bool skip_oversized(std::uint64_t start, Record& record) {
    std::uint64_t length = 0;
    if (!skip_line(length, true)) {
      done_ = true;
      return false;
    }
    record.offset = start;
    record.size = length;
    record.oversized = true;
    record.bytes = std::string_view();
    return true;
  }

  std::unique_ptr<ByteStream> stream_;
  std::vector<char> buffer_;
  std::size_t head_ = 0;
  std::size_t tail_ = 0;
  std::uint64_t buffer_offset_ = 0;  // stream position of buffer_[0]
  std::uint64_t first_line_start_ = 0;
  std::uint64_t end_ = 0;
  std::uint64_t max_ = 0;
  std::size_t buffer_limit_ = 0;
  bool stream_bytes_ = false;
  bool eof_ = false;
  bool done_ = false;
  ContentHash hash_;
};

// A whole file as one record, read in chunks; a file longer than the limit is only measured.
class TextRecordReader final : public RecordReader {
 public:
  TextRecordReader(const std::string& path, std::uint64_t max_record_bytes)
      : file_(path, 0), max_(max_record_bytes) {}

  bool next(Record& record) override {
    if (done_) return false;
    done_ = true;
    const std::uint64_t size = file_.file_size();
    record.oversized = size > max_;
    if (record.oversized) {
      consumed_ = size;  // known from its size, never read
    } else {
      read_whole();
      record.oversized = consumed_ > max_;  // the file grew while it was read
    }
    record.offset = 0;
    record.size = consumed_;
    record.bytes = record.oversized ? std::string_view() : std::string_view(content_);
    return true;
  }

  std::uint64_t bytes_consumed() const override { return consumed_; }
  const std::string& decode_error() const override { return file_.error(); }
  std::uint64_t content_hash() const override { return hash_.digest(); }

 private:
  void read_whole() {
    content_.reserve(static_cast<std::size_t>(file_.file_size()));
    std::vector<char> chunk(kChunkBytes);
    while (const std::size_t got = file_.read(chunk.data(), chunk.size())) {
      consumed_ += got;
      hash_.add(chunk.data(), got);
      if (consumed_ > max_) {
        std::string().swap(content_);
      } else {
        content_.append(chunk.data(), got);
      }
    }
  }

  FileStream file_;
  std::uint64_t max_ = 0;
  std::uint64_t consumed_ = 0;
  std::string content_;
  bool done_ = false;
  ContentHash hash_;
};

}  // namespace

std::unique_ptr<RecordReader> open_records(const std::string& path, InputFormat format,
                                           std::uint64_t begin, std::uint64_t end,
                                           std::uint64_t max_record_bytes) {
  if (format != InputFormat::kJsonl && begin != 0) {
    throw std::invalid_argument(path + ": a " + input_format_name(format) +
                                " file is read whole, from offset 0");
  }
  switch (format) {
    case InputFormat::kJsonl:
      return std::make_unique<LineRecordReader>(
          std::make_unique<FileStream>(path, begin > 0 ? begin - 1 : 0), begin, end,
          max_record_bytes, false);
    case InputFormat::kJsonlGzip:
      return std::make_unique<LineRecordReader>(open_gzip_stream(path), 0, kNoEnd, max_record_bytes,
                                                true);
    case InputFormat::kJsonlZstd:
      return std::make_unique<LineRecordReader>(open_zstd_stream(path), 0, kNoEnd, max_record_bytes,
                                                true);
    case InputFormat::kText:
      return std::make_unique<TextRecordReader>(path, max_record_bytes);
  }
  throw std::invalid_argument(path + ": unknown input format");
}

std::uint64_t split_content_hash(const std::string& path, InputFormat format, std::uint64_t begin,
                                 std::uint64_t end, std::uint64_t max_record_bytes) {
  const std::unique_ptr<RecordReader> reader =
      open_records(path, format, begin, end, max_record_bytes);
  Record record;
  while (reader->next(record)) {
  }
  return reader->content_hash();
}

}  // namespace neardup
