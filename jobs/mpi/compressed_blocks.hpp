// Blocks exchanged compressed: what crosses ranks shrinks by half or more for records with
// repeated hashes and for text, for a few percent of the CPU.
#pragma once

#include <string>
#include <vector>

#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// The zstd level blocks are compressed at: the fastest of the positive levels (zstd -1),
/// 300-500 MB/s a core; higher levels gained 1-2% on the spans search's blocks.
inline constexpr int kBlockCompressionLevel = 1;

/// Collective: Exchanger::exchange_blocks of `per_destination` (freed as they are compressed),
/// each non-empty block for another rank compressed with zstd, so that bytes_sent counts the
/// compressed bytes; the block for this rank passes as it is. Returns the blocks as they were
/// before compression. Throws std::runtime_error naming the source rank when a received block
/// does not decompress to the size its frame says.
ReceivedBlocks exchange_compressed_blocks(Exchanger& exchanger,
                                          std::vector<std::string> per_destination);

}  // namespace neardup
