// Streaming decompressors for gzip (zlib inflate) and zstd (ZSTD_decompressStream) files, from
// a member or frame start, noting where the output of a range of members or frames ends.
#include "io/read/compressed_stream.hpp"

#define ZLIB_CONST
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <new>
#include <optional>

namespace neardup {
namespace {

// The compressed bytes of a file from an offset on, refilled a fixed-size buffer at a time:
// range_buffer_bytes(begin, end).
class CompressedInput {
 public:
  CompressedInput(const std::string& path, std::uint64_t begin, std::uint64_t end)
      : file_(path, begin),
        size_(range_buffer_bytes(begin, end)),
        buffer_(std::make_unique_for_overwrite<char[]>(size_)) {}

  // Refills the buffer when it is used up; returns false when the file has no more bytes.
  bool refill(const char*& next, std::size_t& available) {
    if (available > 0) return true;
    if (eof_) return false;
    available = file_.read(buffer_.get(), size_);
    next = buffer_.get();
    eof_ = available == 0;
    return !eof_;
  }

  // True once the file has been read to its end.
  bool eof() const { return eof_; }

  // Bytes read from the file since the offset, of which `unused` still wait in the buffer.
  std::uint64_t consumed(std::size_t unused) const { return file_.bytes_consumed() - unused; }

 private:
  FileStream file_;
  std::size_t size_;
  std::unique_ptr<char[]> buffer_;  // not zeroed: a small file touches few of its pages
  bool eof_ = false;
};

// Where the output of the pieces of the range [begin, end) ends: at the first piece end
// after `end - begin` compressed bytes were consumed, or at the end of the file.
class RangeEnd {
 public:
  RangeEnd(std::uint64_t begin, std::uint64_t end) : range_bytes_(end > begin ? end - begin : 0) {
    if (range_bytes_ == 0) output_ = 0;
  }
  // A piece ended after `consumed` compressed bytes and `produced` decompressed ones.
  void piece_end(std::uint64_t consumed, std::uint64_t produced) {
    if (!output_ && consumed >= range_bytes_) output_ = produced;
  }
  // The file ended cleanly after `produced` decompressed bytes.
  void file_end(std::uint64_t produced) {
    if (!output_) output_ = produced;
  }
  std::optional<std::uint64_t> output() const { return output_; }

 private:
  std::uint64_t range_bytes_;
  std::optional<std::uint64_t> output_;
};

class GzipStream final : public CompressedStream {
 public:
  GzipStream(const std::string& path, std::uint64_t begin, std::uint64_t end)
      : input_(path, begin, end), range_(begin, end) {
    if (inflateInit2(&z_, 16 + MAX_WBITS) != Z_OK) throw std::bad_alloc();
  }
  ~GzipStream() override { inflateEnd(&z_); }
  GzipStream(const GzipStream&) = delete;
  GzipStream& operator=(const GzipStream&) = delete;

  std::size_t read(char* out, std::size_t capacity) override {
    if (done_) return 0;
    const auto limit = static_cast<std::size_t>(std::numeric_limits<uInt>::max());
    z_.next_out = reinterpret_cast<Bytef*>(out);
    z_.avail_out = static_cast<uInt>(std::min(capacity, limit));
    const uInt wanted = z_.avail_out;
    while (z_.avail_out == wanted) {
      if (!refill() && !in_member_) {
        done_ = true;  // the end of the file after a whole member (or an empty file)
        range_.file_end(produced_ + (wanted - z_.avail_out));
        break;
      }
      if (!in_member_) {
        inflateReset(&z_);
        in_member_ = true;
      }
      const int status = inflate(&z_, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        in_member_ = false;
        range_.piece_end(bytes_consumed(), produced_ + (wanted - z_.avail_out));
      } else if (status == Z_BUF_ERROR && z_.avail_in == 0 && input_.eof()) {
        fail("truncated gzip data");
      } else if (status == Z_MEM_ERROR) {
        throw std::bad_alloc();
      } else if (status != Z_OK && status != Z_BUF_ERROR) {
        fail(std::string("corrupt gzip data: ") + (z_.msg != nullptr ? z_.msg : "bad stream"));
      }
      if (done_) break;
    }
    produced_ += wanted - z_.avail_out;
    return wanted - z_.avail_out;
  }

  std::uint64_t bytes_consumed() const override { return input_.consumed(z_.avail_in); }
  const std::string& error() const override { return error_; }
  std::optional<std::uint64_t> range_output() const override { return range_.output(); }

 private:
  bool refill() {
    const char* next = reinterpret_cast<const char*>(z_.next_in);
    std::size_t available = z_.avail_in;
    const bool more = input_.refill(next, available);
    z_.next_in = reinterpret_cast<const Bytef*>(next);
    z_.avail_in = static_cast<uInt>(available);
    return more;
  }

  void fail(std::string reason) {
    error_ = std::move(reason);
    done_ = true;
  }

  CompressedInput input_;
  RangeEnd range_;
  std::uint64_t produced_ = 0;  // decompressed bytes returned
  z_stream z_{};
  bool in_member_ = false;
  bool done_ = false;
  std::string error_;
};

class ZstdStream final : public CompressedStream {
 public:
  ZstdStream(const std::string& path, std::uint64_t begin, std::uint64_t end)
      : input_(path, begin, end), range_(begin, end), context_(ZSTD_createDCtx()) {
    if (context_ == nullptr) throw std::bad_alloc();
  }
  ~ZstdStream() override { ZSTD_freeDCtx(context_); }
  ZstdStream(const ZstdStream&) = delete;
  ZstdStream& operator=(const ZstdStream&) = delete;

  std::size_t read(char* out, std::size_t capacity) override {
    if (done_) return 0;
    ZSTD_outBuffer output{out, capacity, 0};
    while (output.pos == 0 && !done_) {
      const char* next = static_cast<const char*>(in_.src) + in_.pos;
      std::size_t available = in_.size - in_.pos;
      if (!input_.refill(next, available) && !in_frame_) {
        done_ = true;  // the end of the file after a whole frame (or an empty file)
        range_.file_end(produced_ + output.pos);
        break;
      }
      in_ = ZSTD_inBuffer{next, available, 0};
      const std::size_t status = ZSTD_decompressStream(context_, &output, &in_);
      if (ZSTD_isError(status)) {
        fail(std::string("corrupt zstd data: ") + ZSTD_getErrorName(status));
      } else if (status == 0) {
        in_frame_ = false;  // the frame is decoded and flushed, the input at its end
        range_.piece_end(bytes_consumed(), produced_ + output.pos);
      } else {
        in_frame_ = true;
        if (output.pos == 0 && in_.pos == in_.size && input_.eof()) fail("truncated zstd data");
      }
    }
    produced_ += output.pos;
    return output.pos;
  }

  std::uint64_t bytes_consumed() const override { return input_.consumed(in_.size - in_.pos); }
  const std::string& error() const override { return error_; }
  std::optional<std::uint64_t> range_output() const override { return range_.output(); }

 private:
  void fail(std::string reason) {
    error_ = std::move(reason);
    done_ = true;
  }

  CompressedInput input_;
  RangeEnd range_;
  std::uint64_t produced_ = 0;  // decompressed bytes returned
  ZSTD_DCtx* context_;
  ZSTD_inBuffer in_{nullptr, 0, 0};
  bool in_frame_ = false;
  bool done_ = false;
  std::string error_;
};

}  // namespace

std::unique_ptr<CompressedStream> open_gzip_stream(const std::string& path, std::uint64_t begin,
                                                   std::uint64_t end) {
  return std::make_unique<GzipStream>(path, begin, end);
}

std::unique_ptr<CompressedStream> open_zstd_stream(const std::string& path, std::uint64_t begin,
                                                   std::uint64_t end) {
  return std::make_unique<ZstdStream>(path, begin, end);
}

std::unique_ptr<CompressedStream> open_compressed_stream(const std::string& path, Codec codec,
                                                         std::uint64_t begin, std::uint64_t end) {
  switch (codec) {
    case Codec::kGzip:
      return open_gzip_stream(path, begin, end);
    case Codec::kZstd:
      return open_zstd_stream(path, begin, end);
    case Codec::kNone:
      break;
  }
  throw std::invalid_argument(path + ": not compressed");
}

}  // namespace neardup
