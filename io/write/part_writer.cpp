// Output parts written plain, gzip-compressed (zlib deflate) or zstd-compressed, atomically.
#include "io/write/part_writer.hpp"

#define ZLIB_CONST
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <limits>
#include <new>
#include <vector>

#include "io/io_error.hpp"
#include "io/write/atomic_file.hpp"

namespace neardup {
namespace {

constexpr std::size_t kOutputBytes = 1 << 18;
constexpr int kGzipLevel = 6;
constexpr int kZstdLevel = 3;

class PlainPartWriter final : public PartWriter {
 public:
  explicit PlainPartWriter(const std::string& path) : file_(path) {}
  void write(std::string_view bytes) override { file_.write(bytes); }
  void commit() override { file_.commit(); }

 private:
  AtomicFile file_;
};

class GzipPartWriter final : public PartWriter {
 public:
  explicit GzipPartWriter(const std::string& path) : path_(path), file_(path), out_(kOutputBytes) {
    if (deflateInit2(&z_, kGzipLevel, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
      throw std::bad_alloc();
    }
  }
  ~GzipPartWriter() override { deflateEnd(&z_); }
  GzipPartWriter(const GzipPartWriter&) = delete;
  GzipPartWriter& operator=(const GzipPartWriter&) = delete;

  void write(std::string_view bytes) override {
    const std::size_t limit = std::numeric_limits<uInt>::max();
    while (!bytes.empty()) {
      const std::size_t take = std::min(bytes.size(), limit);
      z_.next_in = reinterpret_cast<const Bytef*>(bytes.data());
      z_.avail_in = static_cast<uInt>(take);
      while (z_.avail_in > 0) deflate_step(Z_NO_FLUSH);
      bytes.remove_prefix(take);
    }
  }

  void commit() override {
    while (deflate_step(Z_FINISH) != Z_STREAM_END) {
    }
    file_.commit();
  }

 private:
  // One deflate call into the output buffer, whose compressed bytes go to the file.
  int deflate_step(int flush) {
    z_.next_out = reinterpret_cast<Bytef*>(out_.data());
    z_.avail_out = static_cast<uInt>(out_.size());
    const int status = deflate(&z_, flush);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
      throw IoError(path_ + ": gzip compression failed");
    }
    file_.write(std::string_view(out_.data(), out_.size() - z_.avail_out));
    return status;
  }

  std::string path_;
  AtomicFile file_;
  std::vector<char> out_;
  z_stream z_{};
};

class ZstdPartWriter final : public PartWriter {
 public:
  explicit ZstdPartWriter(const std::string& path)
      : path_(path), file_(path), out_(ZSTD_CStreamOutSize()), context_(ZSTD_createCCtx()) {
    if (context_ == nullptr) throw std::bad_alloc();
    ZSTD_CCtx_setParameter(context_, ZSTD_c_compressionLevel, kZstdLevel);
    ZSTD_CCtx_setParameter(context_, ZSTD_c_checksumFlag, 1);  // as the zstd tool does
  }
  ~ZstdPartWriter() override { ZSTD_freeCCtx(context_); }
  ZstdPartWriter(const ZstdPartWriter&) = delete;
  ZstdPartWriter& operator=(const ZstdPartWriter&) = delete;

  void write(std::string_view bytes) override {
    ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
    while (in.pos < in.size) compress_step(in, ZSTD_e_continue);
  }

  void commit() override {
    ZSTD_inBuffer in{nullptr, 0, 0};
    while (compress_step(in, ZSTD_e_end) != 0) {
    }
    file_.commit();
  }

 private:
  // One compression call into the output buffer, whose compressed bytes go to the file.
  // Returns what ZSTD_compressStream2 returns: 0 once a frame end is fully flushed.
  std::size_t compress_step(ZSTD_inBuffer& in, ZSTD_EndDirective directive) {
    ZSTD_outBuffer out{out_.data(), out_.size(), 0};
    const std::size_t status = ZSTD_compressStream2(context_, &out, &in, directive);
    if (ZSTD_isError(status)) {
      throw IoError(path_ + ": zstd compression failed: " + ZSTD_getErrorName(status));
    }
    file_.write(std::string_view(out_.data(), out.pos));
    return status;
  }

  std::string path_;
  AtomicFile file_;
  std::vector<char> out_;
  ZSTD_CCtx* context_;
};

}  // namespace

std::unique_ptr<PartWriter> open_part(const std::string& final_path, InputFormat format) {
  // The records as they are, compressed beneath them by the codec.
  switch (format.codec) {
    case Codec::kGzip:
      return std::make_unique<GzipPartWriter>(final_path);
    case Codec::kZstd:
      return std::make_unique<ZstdPartWriter>(final_path);
    case Codec::kNone:
      break;
  }
  return std::make_unique<PlainPartWriter>(final_path);
}

}  // namespace neardup
