// Blocks exchanged compressed: what crosses ranks shrinks by half or more for records with
// repeated hashes and for text, for a few percent of the CPU.
#pragma once

#include <string>
#include <vector>

#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// The zstd level blocks are compressed at: the fastest of the positive levels (the zstd
/// tool's -1), 300-500 MB/s a core. On the spans search's blocks level 3 saved 1% more, and the
/// fast levels -1 and -4 left 4% and 12% more bytes for no time measurable.
inline constexpr int kBlockCompressionLevel = 1;

/// Collective: Exchanger::exchange_blocks of `per_destination` (freed as they are compressed),
/// each non-empty block for another rank compressed with zstd, so that bytes_sent counts the
/// compressed bytes; the block for this rank passes as it is. Returns the blocks as they were
/// before compression (decompressed_blocks). One MPI_Alltoallv: the blocks must stay below
/// 2 GiB a rank, compressed.
ReceivedBlocks exchange_compressed_blocks(Exchanger& exchanger,
                                          std::vector<std::string> per_destination);

/// The blocks `received` by rank `rank` in exchange_compressed_blocks, decompressed into one
/// buffer: each non-empty one from another rank is a zstd frame with its size. Throws
/// std::runtime_error naming the source rank when one is not.
ReceivedBlocks decompressed_blocks(const ReceivedBlocks& received, int rank);

}  // namespace neardup
