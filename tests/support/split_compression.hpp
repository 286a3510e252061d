// Compressed files of many pieces, as splittable inputs are written: zstd frames (with pzstd's
// skippable frames if asked) and BGZF members, made with libzstd and zlib directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neardup::testing {

/// A compressed file and where each of its pieces (frames, members) starts in it.
struct PiecedFile {
  std::string bytes;
  std::vector<std::uint64_t> starts;  // every piece's offset in `bytes`, skippable frames too
  std::vector<std::uint64_t> content_starts;  // per piece: its first byte in the content
};

/// `content` as zstd frames, one per range [cuts[i], cuts[i+1]) of it with 0 and its size
/// added as the outer cuts (repeated cuts make empty frames), at compression level 3, with a
/// content checksum when `checksum`; when `skippable`, each frame follows a skippable frame
/// holding the frame's compressed size as 4 bytes (as pzstd writes them).
PiecedFile zstd_frames_at(std::string_view content, const std::vector<std::size_t>& cuts,
                          bool skippable = false, bool checksum = true);

/// zstd_frames_at with a cut every `frame_bytes` bytes of `content`.
PiecedFile zstd_frames(std::string_view content, std::size_t frame_bytes, bool skippable = false,
                       bool checksum = true);

/// `content` as BGZF: one gzip member per range [cuts[i], cuts[i+1]) (each at most
/// kBgzfBlockBytes), each with the 'BC' extra subfield holding its size less one, then the
/// 28-byte empty member bgzip ends a file with, when `eof_member`.
PiecedFile bgzf_at(std::string_view content, const std::vector<std::size_t>& cuts,
                   bool eof_member = true);

/// bgzf_at with a cut every `block_bytes` (at most kBgzfBlockBytes) bytes of `content`.
PiecedFile bgzf(std::string_view content, std::size_t block_bytes = 65280, bool eof_member = true);

/// The most content one BGZF member holds here (bgzip's block size).
inline constexpr std::size_t kBgzfBlockBytes = 65280;

}  // namespace neardup::testing
