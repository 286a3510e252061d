// Blocks coded before an exchange (a zstd frame, or as they are, behind a byte saying which)
// and decoded into one buffer after it.
#include "jobs/mpi/compressed_blocks.hpp"

#include <zstd.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>

namespace neardup {
namespace {

struct FreeCompressor {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};
struct FreeDecompressor {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// A context zstd made, or std::bad_alloc when it could not.
template <class Context>
Context* made(Context* context) {
  if (context == nullptr) throw std::bad_alloc();
  return context;
}

// The first byte of a block sent to another rank: how the rest of it is.
constexpr char kRaw = 0;   // as it was
constexpr char kZstd = 1;  // a zstd frame with its size

// `block` as sent to another rank, holding no more memory than its bytes: compressed at
// kBlockCompressionLevel behind kZstd, or behind kRaw as it is when it is shorter than
// kSmallestCompressedBlock or does not shrink.
std::string compressed(const std::string& block) {
  if (block.size() < kSmallestCompressedBlock) return kRaw + block;
  static thread_local const std::unique_ptr<ZSTD_CCtx, FreeCompressor> context(
      made(ZSTD_createCCtx()));
  std::string out(1 + ZSTD_compressBound(block.size()), kZstd);
  const std::size_t size = ZSTD_compressCCtx(context.get(), out.data() + 1, out.size() - 1,
                                             block.data(), block.size(), kBlockCompressionLevel);
  if (ZSTD_isError(size)) {
    throw std::runtime_error(std::string("zstd could not compress a block: ") +
                             ZSTD_getErrorName(size));
  }
  if (size >= block.size()) {
    out.assign(1, kRaw);
    out.append(block);
  } else {
    out.resize(1 + size);
  }
  out.shrink_to_fit();
  return out;
}

// Whether the block between this rank and `other` travels behind its coding byte (kRaw or
// kZstd): every non-empty block between two ranks.
bool is_coded(std::string_view block, std::size_t other, int rank) {
  return !block.empty() && other != static_cast<std::size_t>(rank);
}

// The error of a damaged block from `source`.
std::runtime_error damaged(std::size_t source, const std::string& what) {
  return std::runtime_error("the block from rank " + std::to_string(source) + " " + what);
}

// The size `block` from `source` (its first byte kRaw or kZstd) has once decompressed.
std::size_t decompressed_size(std::string_view block, std::size_t source) {
  if (block.front() == kRaw) return block.size() - 1;
  if (block.front() != kZstd) throw damaged(source, "starts with no known coding");
  const unsigned long long size = ZSTD_getFrameContentSize(block.data() + 1, block.size() - 1);
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN) {
    throw damaged(source, "has no zstd frame header with its size");
  }
  return static_cast<std::size_t>(size);
}

}  // namespace

ReceivedBlocks exchange_compressed_blocks(Exchanger& exchanger,
                                          std::vector<std::string> per_destination) {
  for (std::size_t d = 0; d < per_destination.size(); ++d) {
    if (is_coded(per_destination[d], d, exchanger.rank())) {
      per_destination[d] = compressed(per_destination[d]);
    }
  }
  const ReceivedBlocks received = exchanger.exchange_blocks(per_destination);
  release(per_destination);
  return decompressed_blocks(received, exchanger.rank());
}

ReceivedBlocks decompressed_blocks(const ReceivedBlocks& received, int rank) {
  std::vector<std::size_t> sizes(received.size());
  std::size_t total = 0;
  for (std::size_t s = 0; s < received.size(); ++s) {
    sizes[s] =
        is_coded(received[s], s, rank) ? decompressed_size(received[s], s) : received[s].size();
    if (sizes[s] > std::numeric_limits<std::size_t>::max() - total) {
      throw damaged(s, "says it holds more bytes than memory can");
    }
    total += sizes[s];
  }
  static thread_local const std::unique_ptr<ZSTD_DCtx, FreeDecompressor> context(
      made(ZSTD_createDCtx()));
  ByteBuffer bytes(total);
  char* at = bytes.data();
  for (std::size_t s = 0; s < received.size(); ++s) {
    std::string_view in = received[s];
    const bool coded = is_coded(in, s, rank);
    const bool zstd = coded && in.front() == kZstd;
    if (coded) in.remove_prefix(1);
    if (!zstd) {
      std::copy(in.begin(), in.end(), at);
    } else {
      const std::size_t size =
          ZSTD_decompressDCtx(context.get(), at, sizes[s], in.data(), in.size());
      if (ZSTD_isError(size)) {
        throw damaged(s, std::string("does not decompress: ") + ZSTD_getErrorName(size));
      }
      // zstd refuses a frame whose content is not the size its header says; kept in case.
      if (size != sizes[s]) throw damaged(s, "decompresses to another size than its frame says");
    }
    at += sizes[s];
  }
  return ReceivedBlocks(std::move(bytes), sizes);
}

}  // namespace neardup
