// Compressed files of many pieces: zstd frames through ZSTD_compress2, BGZF members through raw
// deflate with the gzip header and trailer written here.
#include "tests/support/split_compression.hpp"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <stdexcept>

namespace neardup::testing {
namespace {

// The ranges [0, c1), [c1, c2), ..., [cn, size) of a content of `size` bytes.
std::vector<std::pair<std::size_t, std::size_t>> ranges_of(std::size_t size,
                                                           std::vector<std::size_t> cuts) {
  std::sort(cuts.begin(), cuts.end());
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  std::size_t begin = 0;
  for (const std::size_t cut : cuts) {
    const std::size_t end = std::min(cut, size);
    ranges.emplace_back(begin, end);
    begin = end;
  }
  ranges.emplace_back(begin, size);
  return ranges;
}

std::vector<std::size_t> every(std::size_t size, std::size_t step) {
  std::vector<std::size_t> cuts;
  for (std::size_t at = step; at < size; at += step) cuts.push_back(at);
  return cuts;
}

void put_le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

// One BGZF member holding `data`.
std::string bgzf_member(std::string_view data) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2");
  }
  std::string deflated(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(deflated.data());
  z.avail_out = static_cast<uInt>(deflated.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("deflate");
  deflated.resize(z.total_out);
  deflateEnd(&z);
  const std::size_t total = 18 + deflated.size() + 8;
  if (total > 65536) throw std::runtime_error("BGZF member over 64 KiB");
  std::string member = {'\x1f', '\x8b', '\x08', '\x04', 0,   0,   0, 0,
                        0,      '\xff', 6,      0,      'B', 'C', 2, 0};
  put_le(member, total - 1, 2);
  member += deflated;
  const uLong crc = crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(data.data()),
                          static_cast<uInt>(data.size()));
  put_le(member, crc, 4);
  put_le(member, data.size() & 0xffffffffu, 4);
  return member;
}

}  // namespace

PiecedFile zstd_frames_at(std::string_view content, const std::vector<std::size_t>& cuts,
                          bool skippable, bool checksum) {
  PiecedFile file;
  ZSTD_CCtx* context = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 3);
  ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, checksum ? 1 : 0);
  for (const auto& [begin, end] : ranges_of(content.size(), cuts)) {
    std::string frame(ZSTD_compressBound(end - begin), '\0');
    const std::size_t size =
        ZSTD_compress2(context, frame.data(), frame.size(), content.data() + begin, end - begin);
    if (ZSTD_isError(size)) throw std::runtime_error(ZSTD_getErrorName(size));
    frame.resize(size);
    if (skippable) {
      file.starts.push_back(file.bytes.size());
      file.content_starts.push_back(begin);
      put_le(file.bytes, 0x184D2A50u, 4);
      put_le(file.bytes, 4, 4);
      put_le(file.bytes, size, 4);
    }
    file.starts.push_back(file.bytes.size());
    file.content_starts.push_back(begin);
    file.bytes += frame;
  }
  ZSTD_freeCCtx(context);
  return file;
}

PiecedFile zstd_frames(std::string_view content, std::size_t frame_bytes, bool skippable,
                       bool checksum) {
  return zstd_frames_at(content, every(content.size(), frame_bytes), skippable, checksum);
}

PiecedFile bgzf_at(std::string_view content, const std::vector<std::size_t>& cuts,
                   bool eof_member) {
  PiecedFile file;
  for (const auto& [begin, end] : ranges_of(content.size(), cuts)) {
    if (end - begin > kBgzfBlockBytes) throw std::runtime_error("BGZF block over 65280 bytes");
    file.starts.push_back(file.bytes.size());
    file.content_starts.push_back(begin);
    file.bytes += bgzf_member(content.substr(begin, end - begin));
  }
  if (eof_member) {
    file.starts.push_back(file.bytes.size());
    file.content_starts.push_back(content.size());
    file.bytes += bgzf_member("");  // the 28 bytes of bgzip's end-of-file marker
  }
  return file;
}

PiecedFile bgzf(std::string_view content, std::size_t block_bytes, bool eof_member) {
  return bgzf_at(content, every(content.size(), std::min(block_bytes, kBgzfBlockBytes)),
                 eof_member);
}

}  // namespace neardup::testing
