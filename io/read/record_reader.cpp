// Streams the records of one split: the lines of a JSON Lines file (plain, gzip or zstd), or a
// whole text file, with records longer than the limit skipped without being held in memory.
#include "io/read/record_reader.hpp"

#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>

#include "io/read/byte_stream.hpp"
#include "io/read/compressed_stream.hpp"

namespace neardup {
namespace {

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
  const std::uint64_t most = std::numeric_limits<std::size_t>::max() - kReadChunkBytes;
  return static_cast<std::size_t>(std::min<std::uint64_t>(
             std::max<std::uint64_t>(max_record_bytes, kReadChunkBytes), most)) +
         kReadChunkBytes;
}

// A reader's line buffer, not zeroed (a small split touches few of its pages), grown keeping
// what it holds.
class LineBuffer {
 public:
  explicit LineBuffer(std::size_t size)
      : bytes_(std::make_unique_for_overwrite<char[]>(size)), size_(size) {}
  char* data() { return bytes_.get(); }
  const char* data() const { return bytes_.get(); }
  std::size_t size() const { return size_; }
  // Makes the buffer `size` bytes (not fewer than now), keeping its first `kept`.
  void grow(std::size_t size, std::size_t kept) {
    if (size <= size_) return;
    auto bigger = std::make_unique_for_overwrite<char[]>(size);
    std::memcpy(bigger.get(), bytes_.get(), kept);
    bytes_ = std::move(bigger);
    size_ = size;
  }

 private:
  std::unique_ptr<char[]> bytes_;
  std::size_t size_;
};

// The lines of a split, '\n' excluded. The buffer holds at most one line of up to
// max_record_bytes plus a chunk; a longer line is counted, not kept.
//  - Plain (`pieces` null): `stream` starts at `begin - 1` when begin > 0 (the partial line up to
//    and including the first '\n' from there belongs to the previous split), else at 0; the
//    lines starting before `end` are the split's.
//  - Compressed (`pieces` is `stream`): `stream` is the decompressed output from the split's
//    first piece (frame or member) on, and a line is the split's when the '\n' before it is
//    among the output of the split's own pieces (the pieces starting in [begin, end),
//    pieces->range_output() bytes), or when it is the file's first line (begin == 0): so the
//    bytes up to and including the first '\n' of a later split belong to a line of an earlier
//    one, and a split whose pieces produce no '\n' has no line. Its last line is read on into
//    later pieces up to its '\n'. Offsets count the output from the split's first piece, and
//    bytes_consumed() the compressed bytes consumed of [begin, end).
class LineRecordReader final : public RecordReader {
 public:
  LineRecordReader(std::unique_ptr<ByteStream> stream, const CompressedStream* pieces,
                   std::uint64_t begin, std::uint64_t end, std::uint64_t max_record_bytes)
      : stream_(std::move(stream)),
        pieces_(pieces),
        buffer_(range_buffer_bytes(begin, end)),  // grown as long lines need
        buffer_offset_(pieces == nullptr && begin > 0 ? begin - 1 : 0),
        end_(end),
        range_bytes_(end > begin ? end - begin : 0),
        max_(max_record_bytes),
        buffer_limit_(buffer_limit(max_record_bytes)) {
    std::uint64_t skipped = 0;
    if (begin > 0 && pieces_ == nullptr) skip_line(skipped, false);
    if (begin > 0 && pieces_ != nullptr) skip_to_own_line();
    first_line_start_ = line_start();
  }

  bool next(Record& record) override {
    if (done_ || line_start() >= lines_end()) return false;
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
    return pieces_ != nullptr ? std::min(stream_->bytes_consumed(), range_bytes_)
                              : line_start() - first_line_start_;
  }

  // A decode error counts once reading needed the bytes it cut off: a compressed split may have
  // read ahead into a damaged later piece after its last line.
  const std::string& decode_error() const override {
    static const std::string kNone;
    return decode_failed_ ? stream_->error() : kNone;
  }

  std::uint64_t content_hash() const override { return hash_.digest(); }

 private:
  std::uint64_t line_start() const { return buffer_offset_ + head_; }

  // Lines starting before this offset are the split's (see the class comment); while the
  // output of a compressed split's own pieces has not ended, every line read so far is.
  std::uint64_t lines_end() const {
    if (pieces_ == nullptr) return end_;
    const std::optional<std::uint64_t> output = pieces_->range_output();
    return output ? *output + 1 : kNoEnd;
  }

  // A compressed split after the first: discards the bytes up to and including the first '\n'
  // of its own pieces' output; without one (the output ended, or the stream did) it has no line.
  void skip_to_own_line() {
    std::size_t newline = 0;
    while (!find_newline(0, newline)) {
      head_ = tail_;
      // Every byte read is scanned: once the own output has ended, it held no '\n'.
      if (pieces_->range_output() || !fill()) {
        done_ = true;
        return;
      }
    }
    head_ = newline + 1;
  }

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
    if (tail_ == buffer_.size()) buffer_.grow(std::min(buffer_.size() * 2, buffer_limit_), tail_);
    const std::size_t got = stream_->read(buffer_.data() + tail_, buffer_.size() - tail_);
    if (got == 0) {
      eof_ = true;
      decode_failed_ = !stream_->error().empty();
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
  const CompressedStream* pieces_;  // stream_ when compressed, else null
  LineBuffer buffer_;
  std::size_t head_ = 0;
  std::size_t tail_ = 0;
  std::uint64_t buffer_offset_ = 0;  // stream position of buffer_[0]
  std::uint64_t first_line_start_ = 0;
  std::uint64_t end_ = 0;
  std::uint64_t range_bytes_ = 0;  // compressed: end - begin
  std::uint64_t max_ = 0;
  std::size_t buffer_limit_ = 0;
  bool eof_ = false;
  bool decode_failed_ = false;  // the stream ended by a decode error where bytes were wanted
  bool done_ = false;
  ContentHash hash_;
};

// A whole text file (plain, or decompressed) as one record, read in chunks. Its first
// kBinarySniffBytes are read first: with a NUL byte among them the file is binary and read no
// further, as is a plain file longer than the limit by its size.
class TextRecordReader final : public RecordReader {
 public:
  // `stream` yields the content of a file of `file_bytes` bytes on disk; `plain` says the
  // content is the file itself (its size is then known before reading).
  TextRecordReader(std::unique_ptr<ByteStream> stream, std::uint64_t file_bytes, bool plain,
                   std::uint64_t max_record_bytes)
      : stream_(std::move(stream)),
        file_bytes_(file_bytes),
        plain_(plain),
        max_(max_record_bytes) {}

  bool next(Record& record) override {
    if (done_) return false;
    done_ = true;
    const bool too_large_by_size = plain_ && file_bytes_ > max_;
    read_up_to(kBinarySniffBytes);
    record.binary = nul_in_head_;
    stopped_early_ = record.binary || too_large_by_size;
    if (!stopped_early_) {
      content_.reserve(static_cast<std::size_t>(std::min(file_bytes_, max_)));
      read_up_to(kNoEnd);
    }
    if (!stream_->error().empty()) return false;  // a decode error: no partial document
    record.offset = 0;
    record.size = plain_ && stopped_early_ ? file_bytes_ : consumed_;
    record.oversized = !record.binary && (too_large_by_size || consumed_ > max_);
    record.bytes =
        record.binary || record.oversized ? std::string_view() : std::string_view(content_);
    return true;
  }

  std::uint64_t bytes_consumed() const override {
    return stopped_early_ ? file_bytes_ : stream_->bytes_consumed();
  }
  const std::string& decode_error() const override { return stream_->error(); }
  std::uint64_t content_hash() const override { return hash_.digest(); }

 private:
  // Reads until `limit` content bytes are consumed or the stream ends, noting a NUL byte in the
  // first kBinarySniffBytes; the content is kept while it fits the limit (a file that grew
  // while it was read, or decompressed beyond it, is measured, not kept).
  void read_up_to(std::uint64_t limit) {
    while (consumed_ < limit) {
      const std::size_t want =
          static_cast<std::size_t>(std::min<std::uint64_t>(chunk_.size(), limit - consumed_));
      const std::size_t got = stream_->read(chunk_.data(), want);
      if (got == 0) return;
      if (consumed_ < kBinarySniffBytes) {
        const std::size_t head = std::min<std::size_t>(got, kBinarySniffBytes - consumed_);
        nul_in_head_ = nul_in_head_ || std::memchr(chunk_.data(), '\0', head) != nullptr;
      }
      consumed_ += got;
      hash_.add(chunk_.data(), got);
      if (consumed_ > max_) {
        std::string().swap(content_);
      } else {
        content_.append(chunk_.data(), got);
      }
    }
  }

  std::unique_ptr<ByteStream> stream_;
  std::uint64_t file_bytes_ = 0;
  bool plain_ = false;
  std::uint64_t max_ = 0;
  std::uint64_t consumed_ = 0;  // content bytes read
  std::string content_;
  std::array<char, kSmallReadChunkBytes> chunk_;  // not zeroed: a small file touches few pages
  bool done_ = false;
  bool stopped_early_ = false;  // binary, or too large by its size: not read to the end
  bool nul_in_head_ = false;    // a NUL byte among the first kBinarySniffBytes read
  ContentHash hash_;
};

// The size on disk of a file that was just opened (0 when it cannot be told).
std::uint64_t size_on_disk(const std::string& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  return error ? 0 : static_cast<std::uint64_t>(size);
}

}  // namespace

std::unique_ptr<RecordReader> open_records(const std::string& path, InputFormat format,
                                           std::uint64_t begin, std::uint64_t end,
                                           std::uint64_t max_record_bytes) {
  if (is_text(format) && begin != 0) {
    throw std::invalid_argument(path + ": a " + input_format_name(format) +
                                " file is read whole, from offset 0");
  }
  // A compressed JSON Lines split: the lines of its pieces, read from its first one.
  const auto pieces = [&](std::unique_ptr<CompressedStream> stream) {
    const CompressedStream* range = stream.get();
    return std::make_unique<LineRecordReader>(std::move(stream), range, begin, end,
                                              max_record_bytes);
  };
  // The records (the container) over the bytes, decompressed beneath them (the codec).
  const bool plain = format.codec == Codec::kNone;
  if (!is_text(format)) {
    if (!plain) return pieces(open_compressed_stream(path, format.codec, begin, end));
    return std::make_unique<LineRecordReader>(
        std::make_unique<FileStream>(path, begin > 0 ? begin - 1 : 0), nullptr, begin, end,
        max_record_bytes);
  }
  if (!plain) {
    return std::make_unique<TextRecordReader>(open_compressed_stream(path, format.codec),
                                              size_on_disk(path), false, max_record_bytes);
  }
  auto file = std::make_unique<FileStream>(path, 0);
  const std::uint64_t size = file->file_size();
  return std::make_unique<TextRecordReader>(std::move(file), size, true, max_record_bytes);
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
