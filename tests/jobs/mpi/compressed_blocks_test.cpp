// Blocks exchanged compressed: they arrive as sent, bytes_sent counts what travelled, and a
// damaged block is refused naming its source rank.
#include "jobs/mpi/compressed_blocks.hpp"

#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace neardup {
namespace {

// The block rank `s` sends rank `d` in the compressed exchange: empty, 100 KB of repeated text
// (compresses to under 2 KB), 1000 random bytes (do not compress: sent as they are), a short
// text, 63 repeated bytes (under kSmallestCompressedBlock: sent as they are), or 64 (the
// shortest block compressed).
std::string compressed_test_block(int s, int d) {
  switch ((s + d) % 6) {
    case 0:
      return "";
    case 1: {
      std::string text;
      while (text.size() < 100000) text += "from " + std::to_string(s) + " to " + std::to_string(d);
      return text;
    }
    case 2: {
      std::mt19937 random(static_cast<unsigned>(s * 100 + d));
      std::string bytes(1000, '\0');
      for (char& c : bytes) c = static_cast<char>(random());
      return bytes;
    }
    case 3:
      return "short " + std::to_string(s) + " " + std::to_string(d);
    case 4:
      return std::string(kSmallestCompressedBlock - 1, static_cast<char>('a' + s));
    default:
      return std::string(kSmallestCompressedBlock, static_cast<char>('a' + s));
  }
}

TEST(CompressedBlocks, ArriveAsSentAndCountTheBytesSent) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int rank = exchanger.rank();
  std::vector<std::string> out(exchanger.size());
  std::uint64_t most = 0, least = 0;  // the bytes sent to other ranks
  for (int d = 0; d < exchanger.size(); ++d) {
    out[d] = compressed_test_block(rank, d);
    if (d == rank || out[d].empty()) continue;
    const int kind = (rank + d) % 6;
    if (kind == 1 || kind == 5) {  // compressed: 100 KB under 2 KB, 64 bytes under 32
      most += kind == 1 ? 2000 : 32;
      least += 2;
    } else {  // a coding byte before the block as it is
      most += out[d].size() + 1;
      least += out[d].size() + 1;
    }
  }
  const ReceivedBlocks in = exchange_compressed_blocks(exchanger, std::move(out));
  ASSERT_EQ(in.size(), static_cast<std::size_t>(exchanger.size()));
  for (int s = 0; s < exchanger.size(); ++s) {
    EXPECT_EQ(in[s], compressed_test_block(s, rank)) << "from rank " << s;
  }
  EXPECT_LE(exchanger.bytes_sent(), most);
  EXPECT_GE(exchanger.bytes_sent(), least);
}

// `text` as another rank's exchange sends it compressed: a byte 1, a zstd frame with its size.
std::string frame_of(const std::string& text) {
  std::string frame(ZSTD_compressBound(text.size()), '\0');
  frame.resize(ZSTD_compress(frame.data(), frame.size(), text.data(), text.size(), 1));
  return '\x01' + frame;
}

// Blocks as rank 0 of 3 receives them: its own (as it is), then rank 1's and rank 2's.
ReceivedBlocks received(const std::string& from_1, const std::string& from_2) {
  const std::string own = "own block";
  ByteBuffer bytes;
  for (const std::string* b : {&own, &from_1, &from_2}) {
    bytes.insert(bytes.end(), b->begin(), b->end());
  }
  return ReceivedBlocks(std::move(bytes), {own.size(), from_1.size(), from_2.size()});
}

// The message decompressed_blocks throws for `blocks` at rank 0, or "" when it accepts them.
std::string refusal(const ReceivedBlocks& blocks) {
  try {
    decompressed_blocks(blocks, 0);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(CompressedBlocks, ADamagedBlockIsRefusedNamingItsRank) {
  const std::string good = frame_of(std::string(5000, 'x') + "end");
  const ReceivedBlocks fine =
      decompressed_blocks(received(good, std::string("\0as it was", 10)), 0);
  EXPECT_EQ(fine[0], "own block");
  EXPECT_EQ(fine[1], std::string(5000, 'x') + "end");
  EXPECT_EQ(fine[2], "as it was");
  EXPECT_EQ(decompressed_blocks(received(good, ""), 0)[2], "");
  EXPECT_NE(refusal(received("\x01not a zstd frame", good)).find("from rank 1 has no zstd frame"),
            std::string::npos);
  EXPECT_NE(refusal(received(good,
                             "\x07"
                             "coded how?"))
                .find("from rank 2 starts with no known"),
            std::string::npos);
  const std::string truncated = good.substr(0, good.size() - 3);  // its header says 5003 bytes
  EXPECT_NE(refusal(received(good, truncated)).find("from rank 2 does not decompress: "),
            std::string::npos)
      << refusal(received(good, truncated));
}

}  // namespace
}  // namespace neardup
