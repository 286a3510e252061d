// Where a compressed file can be cut: zstd frames walked by their frame and block headers, BGZF
// members by the BSIZE of their 'BC' extra subfield, read with pread through a small window.
#include "io/read/compressed_frames.hpp"

#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_getFrameHeader
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <vector>

#include "io/input/regular_file.hpp"
#include "io/io_error.hpp"

namespace neardup {
namespace {

constexpr std::size_t kWindowBytes = 64 << 10;
constexpr std::uint32_t kSkippableMask = 0xFFFFFFF0u;
constexpr std::uint32_t kSkippableMagic = 0x184D2A50u;
constexpr std::size_t kBlockHeaderBytes = 3;
constexpr std::size_t kChecksumBytes = 4;
constexpr std::size_t kGzipFixedHeader = 12;  // ID1 ID2 CM FLG MTIME(4) XFL OS XLEN(2)
constexpr std::size_t kGzipTrailer = 8;       // CRC32 ISIZE
constexpr unsigned char kGzipExtraFlag = 0x04;

std::uint32_t le16(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8;
}
std::uint32_t le24(const unsigned char* p) {
  return le16(p) | static_cast<std::uint32_t>(p[2]) << 16;
}
std::uint32_t le32(const unsigned char* p) {
  return le24(p) | static_cast<std::uint32_t>(p[3]) << 24;
}

// Bytes of a file at any offsets, read with pread a window at a time (headers close together
// cost one read). Throws IoError when the file cannot be opened or read.
class HeaderReader {
 public:
  HeaderReader(const std::string& path, std::uint64_t size)
      : path_(path), fd_(open_regular_file(path, "input")), size_(size), window_(kWindowBytes) {}
  ~HeaderReader() { ::close(fd_); }
  HeaderReader(const HeaderReader&) = delete;
  HeaderReader& operator=(const HeaderReader&) = delete;

  // The `count` bytes at `offset`, or nullptr when the file (as planned,
  // `size` bytes) ends before them; valid until the next call.
  const unsigned char* at(std::uint64_t offset, std::size_t count) {
    if (offset > size_ || count > size_ - offset) return nullptr;
    if (offset < start_ || offset + count > start_ + filled_) fill(offset, count);
    if (offset + count > start_ + filled_) return nullptr;  // shorter than planned
    return window_.data() + (offset - start_);
  }

 private:
  void fill(std::uint64_t offset, std::size_t count) {
    start_ = offset;
    filled_ = 0;
    if (count > window_.size()) window_.resize(count);
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(window_.size(), size_ - offset));
    while (filled_ < want) {
      const ssize_t got = ::pread(fd_, window_.data() + filled_, want - filled_,
                                  static_cast<off_t>(start_ + filled_));
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) throw IoError(errno_message(path_, "read failed"));
      if (got == 0) break;
      filled_ += static_cast<std::size_t>(got);
    }
  }

  std::string path_;
  int fd_;
  std::uint64_t size_;
  std::vector<unsigned char> window_;
  std::uint64_t start_ = 0;
  std::size_t filled_ = 0;
};

constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();
constexpr std::uint64_t kTooLong = kNoLimit;  // a piece end: the piece is longer than allowed

// `a + b`, or kNoLimit when that overflows.
std::uint64_t saturated_sum(std::uint64_t a, std::uint64_t b) {
  return a > kNoLimit - b ? kNoLimit : a + b;
}

// The offset just after the zstd frame or skippable frame at `offset`, 0 when its headers are
// not those of a whole frame inside the file, or kTooLong once its blocks reach past
// `give_up_at` (not walked further).
std::uint64_t zstd_frame_end(HeaderReader& file, std::uint64_t offset, std::uint64_t size,
                             std::uint64_t give_up_at) {
  const std::size_t header_bytes =
      static_cast<std::size_t>(std::min<std::uint64_t>(ZSTD_FRAMEHEADERSIZE_MAX, size - offset));
  const unsigned char* header = file.at(offset, header_bytes);
  if (header == nullptr || header_bytes < 4) return 0;
  if ((le32(header) & kSkippableMask) == kSkippableMagic) {
    if (header_bytes < 8) return 0;
    const std::uint64_t end = offset + 8 + le32(header + 4);
    return end <= size ? end : 0;
  }
  ZSTD_frameHeader frame{};
  const std::size_t status = ZSTD_getFrameHeader(&frame, header, header_bytes);
  if (status != 0 || frame.frameType != ZSTD_frame) return 0;  // an error, or truncated
  std::uint64_t at = offset + frame.headerSize;
  for (bool last = false; !last;) {
    const unsigned char* block = file.at(at, kBlockHeaderBytes);
    if (block == nullptr) return 0;
    const std::uint32_t bits = le24(block);
    last = (bits & 1u) != 0;
    const std::uint32_t type = (bits >> 1) & 3u;
    const std::uint32_t block_size = bits >> 3;
    if (type == 3 || block_size > frame.blockSizeMax) return 0;  // reserved type, or too large
    at += kBlockHeaderBytes + (type == 1 ? 1 : block_size);      // an RLE block holds one byte
    if (at > size) return 0;
    if (at > give_up_at && !last) return kTooLong;
  }
  if (frame.checksumFlag != 0) at += kChecksumBytes;
  return at <= size ? at : 0;
}

// The offset just after the BGZF member at `offset`, or 0 when it is no gzip member with a
// BSIZE inside the file.
std::uint64_t bgzf_member_end(HeaderReader& file, std::uint64_t offset, std::uint64_t size) {
  const unsigned char* header = file.at(offset, kGzipFixedHeader);
  if (header == nullptr || header[0] != 0x1f || header[1] != 0x8b || header[2] != 8 ||
      (header[3] & kGzipExtraFlag) == 0) {
    return 0;
  }
  const std::size_t extra_bytes = le16(header + 10);
  const unsigned char* extra = file.at(offset + kGzipFixedHeader, extra_bytes);
  if (extra == nullptr) return 0;
  for (std::size_t i = 0; i + 4 <= extra_bytes;) {
    const std::size_t field_bytes = le16(extra + i + 2);
    if (extra[i] == 'B' && extra[i + 1] == 'C' && field_bytes == 2 && i + 6 <= extra_bytes) {
      const std::uint64_t member = std::uint64_t{le16(extra + i + 4)} + 1;
      if (member < kGzipFixedHeader + extra_bytes + kGzipTrailer) return 0;
      return offset + member <= size ? offset + member : 0;
    }
    i += 4 + field_bytes;
  }
  return 0;
}

}  // namespace

FrameWalk walk_frames(const std::string& path, InputFormat format, std::uint64_t size,
                      const std::function<void(std::uint64_t)>& visit,
                      std::uint64_t max_piece_bytes) {
  const bool zstd = format.codec == Codec::kZstd;
  const bool gzip = format.codec == Codec::kGzip;
  if ((!zstd && !gzip) || size == 0) return FrameWalk::kFailed;
  try {
    HeaderReader file(path, size);
    for (std::uint64_t at = 0; at < size;) {
      const std::uint64_t give_up_at = saturated_sum(at, max_piece_bytes);
      std::uint64_t end =
          zstd ? zstd_frame_end(file, at, size, give_up_at) : bgzf_member_end(file, at, size);
      if (end <= at) return FrameWalk::kFailed;
      visit(at);
      if (end == kTooLong || end > give_up_at) return FrameWalk::kStopped;
      at = end;
    }
    return FrameWalk::kComplete;
  } catch (const IoError&) {
    return FrameWalk::kFailed;  // unreadable: reading it reports why
  }
}

std::vector<std::uint64_t> frame_starts(const std::string& path, InputFormat format,
                                        std::uint64_t size) {
  std::vector<std::uint64_t> starts;
  const FrameWalk walk =
      walk_frames(path, format, size, [&](std::uint64_t at) { starts.push_back(at); });
  if (walk != FrameWalk::kComplete) return {0};
  return starts;
}

std::uint64_t longest_walked_piece(std::uint64_t split_bytes) {
  return std::max(saturated_sum(split_bytes, split_bytes), kMinLongestWalkedPiece);
}

std::vector<std::uint64_t> frame_split_begins(const std::string& path, InputFormat format,
                                              std::uint64_t size, std::uint64_t split_bytes,
                                              std::uint64_t max_piece_bytes) {
  split_bytes = std::max<std::uint64_t>(split_bytes, 1);
  std::vector<std::uint64_t> begins{0};
  std::uint64_t target = split_bytes;
  std::uint64_t before = 0;  // the last piece start short of `target`, when later than the begin
  const FrameWalk walk = walk_frames(
      path, format, size,
      [&](std::uint64_t start) {
        while (start >= target) {
          const bool take_before = before > begins.back() && target - before <= start - target;
          const std::uint64_t cut = take_before ? before : start;
          begins.push_back(cut);
          before = cut;
          target = saturated_sum(cut, split_bytes);
          if (cut == start) return;
        }
        before = start;
      },
      max_piece_bytes);
  if (walk == FrameWalk::kFailed) return {0};
  return begins;
}

}  // namespace neardup
