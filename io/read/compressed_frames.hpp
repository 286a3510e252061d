// Where a compressed file can be cut: the starts of its zstd frames or BGZF members, found by
// walking their headers with pread, nothing decompressed.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "io/input/input_format.hpp"

namespace neardup {

/// How a walk of a file's pieces ended.
enum class FrameWalk : std::uint8_t {
  kComplete,  // every piece visited; they end exactly at the file's end
  kStopped,   // a piece longer than the limit: visited, the walk went no further
  kFailed,    // not pieces this walk knows, or they do not end at the file's end
};

/// Calls `visit(offset)` for the start of every independent piece of the compressed file
/// `path` (`size` bytes, read as `format`), in increasing order from 0:
///  - zstd (kJsonlZstd, kTextZstd): every frame, skippable frames included (pzstd writes one
///    before each frame), each frame's length found from its header and its block headers;
///  - gzip (kJsonlGzip, kTextGzip): every member of a BGZF file (blocked gzip, as bgzip and
///    htslib write it), each member's length read from the BSIZE of its 'BC' extra subfield.
/// kComplete when the pieces end exactly at `size`. kStopped when a piece turns out longer
/// than `max_piece_bytes` (its start was visited; at most that many bytes of it were walked).
/// kFailed (perhaps after some visits) for a gzip file that is not BGZF (its first member has
/// no BSIZE), a plain format, an empty file, and when a header is corrupt or truncated, a
/// legacy zstd frame is met, the pieces overrun `size` or the file cannot be read (the file is
/// then read as one piece, and decoding it reports what is wrong).
FrameWalk walk_frames(const std::string& path, InputFormat format, std::uint64_t size,
                      const std::function<void(std::uint64_t)>& visit,
                      std::uint64_t max_piece_bytes = std::numeric_limits<std::uint64_t>::max());

/// The starts of the pieces walk_frames finds when it completes, or {0} (one piece).
std::vector<std::uint64_t> frame_starts(const std::string& path, InputFormat format,
                                        std::uint64_t size);

/// The least of longest_walked_piece.
inline constexpr std::uint64_t kMinLongestWalkedPiece = std::uint64_t{64} << 20;

/// The longest piece cut_splits walks through for splits of `split_bytes`: twice that, at least
/// kMinLongestWalkedPiece. A longer piece would make a split this much larger anyway; not
/// walking past it bounds what a big file of one zstd frame costs to read while planning.
std::uint64_t longest_walked_piece(std::uint64_t split_bytes);

/// Where a compressed file of `size` bytes is cut into splits of about `split_bytes`
/// compressed bytes: the first split begins at 0, and each next one at the piece start
/// (walk_frames) nearest to `split_bytes` after the previous one's begin (the earlier on a
/// tie), later than it. A piece longer than `max_piece_bytes` ends the walk: the split it is
/// in reaches to the end of the file. {0} (one split) when the walk fails or finds one piece.
std::vector<std::uint64_t> frame_split_begins(
    const std::string& path, InputFormat format, std::uint64_t size, std::uint64_t split_bytes,
    std::uint64_t max_piece_bytes = std::numeric_limits<std::uint64_t>::max());

}  // namespace neardup
