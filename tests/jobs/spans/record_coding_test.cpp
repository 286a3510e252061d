// Records coded for exchange: the bytes of places, numbers and facts worked out by hand, every
// field's round trip at its extremes, and records exchanged between ranks.
#include "jobs/spans/record_coding.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace neardup {
namespace {

using Kind = WindowFact::Kind;

std::string bytes(std::initializer_list<unsigned> values) {
  std::string out;
  for (const unsigned v : values) out.push_back(static_cast<char>(v));
  return out;
}

TEST(RecordCoding, PlacesNumbersAndFactsTakeTheBytesWorkedOutByHand) {
  std::string block;
  RecordWriter out(block);
  out.place(make_doc_id(0, 5), 10);  // document +5 (zigzag 10), a new document: token 10
  out.place(make_doc_id(0, 5), 12);  // document +0, token +2 (zigzag 4)
  out.place(make_doc_id(0, 6), 3);   // document +1 (zigzag 2), token 3
  out.place(make_doc_id(0, 5), 0);   // document -1 (zigzag 1), token 0
  EXPECT_EQ(block, bytes({0x0A, 0x0A, 0x00, 0x04, 0x02, 0x03, 0x01, 0x00}));
  block.clear();
  out.number(300);  // 0b10'0101100: low 7 bits with the high bit set, then 2
  out.low_bytes(0x0102030405060708, 6);
  EXPECT_EQ(block, bytes({0xAC, 0x02, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03}));
  block.clear();
  out.fact({Kind::kCopy, make_doc_id(1, 0), 7});   // kind 2 | 4; document +2^32: zigzag 2^33
  out.fact({});                                    // kUnique, no equal place: one byte
  out.fact({Kind::kFirst, make_doc_id(1, 0), 9});  // kind 1 | 4; +0, token +2 (zigzag 4)
  EXPECT_EQ(block, bytes({0x06, 0x80, 0x80, 0x80, 0x80, 0x20, 0x0E, 0x00, 0x05, 0x00, 0x04}));
}

TEST(RecordCoding, EveryFieldReadsBackAtItsExtremes) {
  std::mt19937_64 random(7);
  constexpr DocId kDocs[] = {0, 1, make_doc_id(0, 5), make_doc_id(3, 0),
                             std::numeric_limits<DocId>::max()};
  constexpr std::uint32_t kTokens[] = {0, 1, 127, 128, std::numeric_limits<std::uint32_t>::max()};
  const auto pick = [&](const auto& values) { return values[random() % std::size(values)]; };
  std::vector<WindowRun> runs;
  std::vector<std::uint64_t> numbers;
  std::vector<std::int64_t> signed_numbers;
  for (int i = 0; i < 5000; ++i) {
    const auto kind = static_cast<Kind>(random() % 3);
    // kUnique facts with an equal place too: the coding must not assume they have none.
    runs.push_back({pick(kDocs),
                    pick(kTokens),
                    pick(kTokens),
                    static_cast<std::uint32_t>(random()),
                    {kind, pick(kDocs), pick(kTokens)}});
    numbers.push_back(i % 3 == 0 ? std::numeric_limits<std::uint64_t>::max()
                                 : random() >> (i % 64));
    signed_numbers.push_back(i % 5 == 0   ? std::numeric_limits<std::int64_t>::min()
                             : i % 5 == 1 ? std::numeric_limits<std::int64_t>::max()
                                          : static_cast<std::int64_t>(random()) >> (i % 64));
  }
  std::string block;
  RecordWriter out(block);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    encode_window_run(out, runs[i]);
    out.number(numbers[i]);
    out.signed_number(signed_numbers[i]);
    out.low_bytes(numbers[i], 6);
    out.low_bytes(numbers[i], 8);
  }
  RecordReader in(block);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    ASSERT_EQ(decode_window_run(in), runs[i]) << "run " << i;
    ASSERT_EQ(in.number(), numbers[i]);
    ASSERT_EQ(in.signed_number(), signed_numbers[i]);
    ASSERT_EQ(in.low_bytes(6), numbers[i] & 0xFFFF'FFFF'FFFF);
    ASSERT_EQ(in.low_bytes(8), numbers[i]);
  }
  EXPECT_TRUE(in.empty());
}

TEST(RecordCoding, ADamagedBlockThrows) {
  // Ten bytes hold 64 bits, the tenth bit 63 alone: more is damage.
  const std::string largest = std::string(9, '\xFF') + '\x01';
  EXPECT_EQ(RecordReader(largest).number(), std::numeric_limits<std::uint64_t>::max());
  for (const std::string& past :
       {std::string(10, '\x80') + '\x00', std::string(9, '\x80') + '\x02'}) {
    RecordReader varint(past);
    try {
      varint.number();
      ADD_FAILURE() << "a varint past 64 bits was read";
    } catch (const std::logic_error& e) {
      EXPECT_NE(std::string(e.what()).find("past 64 bits"), std::string::npos) << e.what();
    }
  }
  // A fact's kind byte 3 (with or without its equal place): no such kind.
  for (const unsigned kind : {3u, 7u}) {
    const std::string fact = bytes({kind, 0, 0});
    RecordReader in(fact);
    EXPECT_THROW(in.fact(), std::logic_error) << kind;
  }
}

TEST(RecordCoding, ReadingPastTheBlockThrows) {
  std::string block;
  RecordWriter out(block);
  out.number(1u << 20);  // three bytes
  RecordReader cut(std::string_view(block).substr(0, 2));
  EXPECT_THROW(cut.number(), std::logic_error);
  RecordReader raw(block);
  EXPECT_THROW(raw.raw(4), std::logic_error);
  EXPECT_EQ(RecordReader(block).raw(3), block);
}

TEST(RecordCoding, TextsReadBackWithTheirSizes) {
  const std::string texts[] = {"", "a", std::string(200, 'x'), std::string("nul\0inside", 10)};
  std::string block;
  RecordWriter out(block);
  for (const std::string& t : texts) out.text(t);
  EXPECT_EQ(block.substr(0, 4), bytes({0x00, 0x01, 'a', 0xC8}));  // 200: 0xC8 0x01
  RecordReader in(block);
  for (const std::string& t : texts) EXPECT_EQ(in.text(), t);
  EXPECT_TRUE(in.empty());
}

TEST(RecordCoding, ExchangedRecordsArriveWholeAndSmall) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int ranks = exchanger.size();
  const auto rank = static_cast<std::uint32_t>(exchanger.rank());
  const auto make = [](std::uint32_t source, std::uint32_t i) {
    return WindowRun{make_doc_id(source, i / 16),
                     i % 16 * 40 + 3,
                     i % 16 * 40,
                     1 + i % 5,
                     {Kind::kCopy, make_doc_id(source + 1, i / 64), i % 64 * 10}};
  };
  const auto dest = [&](const WindowRun& r) { return static_cast<int>(r.token / 40 % ranks); };
  constexpr std::uint32_t kPerRank = 20000;
  std::vector<WindowRun> mine;
  for (std::uint32_t i = 0; i < kPerRank; ++i) mine.push_back(make(rank, i));
  std::vector<WindowRun> got =
      exchange_records(exchanger, std::move(mine), dest, encode_window_run, decode_window_run);
  EXPECT_TRUE(mine.empty());
  EXPECT_EQ(got.capacity(), got.size());  // reserved from the blocks' counts
  std::vector<WindowRun> want;
  std::uint64_t crossing = 0;
  for (int s = 0; s < ranks; ++s) {
    for (std::uint32_t i = 0; i < kPerRank; ++i) {
      const WindowRun r = make(static_cast<std::uint32_t>(s), i);
      if (dest(r) == exchanger.rank()) want.push_back(r);
      if (s == exchanger.rank() && dest(r) != s) ++crossing;
    }
  }
  EXPECT_EQ(got, want);  // by source rank, then in the source's order
  // In place order a run takes 5-8 bytes here (place 2-3, anchor 1, count 1, fact 1-3), not
  // the 33 of its struct; compressed, less.
  std::string block;
  RecordWriter out(block);
  for (std::uint32_t i = 0; i < kPerRank; ++i) encode_window_run(out, make(rank, i));
  EXPECT_LE(block.size(), kPerRank * 8);
  EXPECT_GE(block.size(), kPerRank * 5);
  EXPECT_LE(exchanger.bytes_sent(), crossing * 8);
}

}  // namespace
}  // namespace neardup
