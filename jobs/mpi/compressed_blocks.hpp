// Blocks exchanged compressed: what crosses ranks shrinks by half or more for records with
// repeated hashes and for text, for a few percent of the CPU.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// The zstd level blocks are compressed at: the fastest of the positive levels (the zstd
/// tool's -1), 300-500 MB/s a core. On the spans search's blocks level 3 saved 1% more, and the
/// fast levels -1 and -4 left 4% and 12% more bytes for no time measurable.
inline constexpr int kBlockCompressionLevel = 1;

/// The shortest block worth compressing: a zstd frame's header and block header take about
/// 10 bytes, and a block of a few dozen bytes seldom repeats itself.
inline constexpr std::size_t kSmallestCompressedBlock = 64;

/// Collective: Exchanger::exchange_blocks of `per_destination` (freed as they are compressed),
/// each non-empty block for another rank behind one byte saying how it travels: compressed
/// with zstd, or as it is when shorter than kSmallestCompressedBlock or when zstd does not
/// shrink it; bytes_sent counts what travelled. The block for this rank passes as it is.
/// Returns the blocks as they were (decompressed_blocks). One MPI_Alltoallv: the blocks must
/// stay below 2 GiB a rank, as sent.
ReceivedBlocks exchange_compressed_blocks(Exchanger& exchanger,
                                          std::vector<std::string> per_destination);

/// The blocks `received` by rank `rank` in exchange_compressed_blocks, as they were before,
/// in one buffer: each non-empty one from another rank is a byte 0 and the block as it was,
/// or a byte 1 and a zstd frame with its size. Throws std::runtime_error naming the source
/// rank when one is neither.
ReceivedBlocks decompressed_blocks(const ReceivedBlocks& received, int rank);

}  // namespace neardup
