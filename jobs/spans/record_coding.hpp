// The spans search's records as they cross ranks: places written as the change from the
// previous place, numbers as varints, hashes as their low bytes, so that a record takes a few
// bytes where its struct takes 12 for its place alone.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/doc_id.hpp"
#include "core/release.hpp"
#include "core/spans/repeat_cuts.hpp"
#include "core/spans/window_runs.hpp"
#include "jobs/mpi/compressed_blocks.hpp"
#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// Writes records into one destination's block. Each place (document, token) is written as
/// the change from the previous place the writer wrote, each fact's equal place as the change
/// from the previous equal place: records in place order take 2-3 bytes for a place.
class RecordWriter {
 public:
  /// Appends to `out`, which must outlive the writer.
  explicit RecordWriter(std::string& out) : out_(&out) {}

  /// A place: the change of document (zigzag varint), then the token, as the change from the
  /// previous token (zigzag varint) in the same document, as it is (varint) in another.
  void place(DocId doc, std::uint32_t token);

  /// A number, as an LEB128 varint (1 byte below 128, at most 10).
  void number(std::uint64_t value);

  /// A signed number, zigzag-coded as a varint (small magnitudes take 1 byte).
  void signed_number(std::int64_t value);

  /// The low `bytes` bytes of `value` (1 to 8), as they are.
  void low_bytes(std::uint64_t value, std::size_t bytes);

  /// A window fact: its kind, and its equal place, unless it is kUnique with no equal place.
  void fact(const WindowFact& fact);

  /// `bytes` as they are.
  void raw(std::string_view bytes) { out_->append(bytes); }

  /// A string: its size (varint), then its bytes.
  void text(std::string_view bytes) {
    number(bytes.size());
    raw(bytes);
  }

 private:
  std::string* out_;
  DocId doc_ = 0;
  std::uint32_t token_ = 0;
  DocId equal_doc_ = 0;
  std::uint32_t equal_token_ = 0;
};

/// Reads, in order, what one RecordWriter wrote into a block. Throws std::logic_error when a
/// read runs past the block's end (a block written by another version, or a bug).
class RecordReader {
 public:
  /// Reads `block`, which must outlive the reader.
  explicit RecordReader(std::string_view block) : in_(block) {}

  /// Whether the block is read to its end.
  bool empty() const { return in_.empty(); }

  /// A place RecordWriter::place wrote, as {document, token}.
  std::pair<DocId, std::uint32_t> place();

  /// A number RecordWriter::number wrote.
  std::uint64_t number();

  /// A signed number RecordWriter::signed_number wrote.
  std::int64_t signed_number();

  /// A value RecordWriter::low_bytes wrote with the same `bytes` (its high bytes 0).
  std::uint64_t low_bytes(std::size_t bytes);

  /// A fact RecordWriter::fact wrote.
  WindowFact fact();

  /// The next `bytes` bytes, as they are.
  std::string_view raw(std::size_t bytes);

  /// A string RecordWriter::text wrote.
  std::string text() { return std::string(raw(number())); }

 private:
  std::uint8_t byte();

  std::string_view in_;
  DocId doc_ = 0;
  std::uint32_t token_ = 0;
  DocId equal_doc_ = 0;
  std::uint32_t equal_token_ = 0;
};

/// One writer for each block of `blocks` (which must outlive them), in order.
inline std::vector<RecordWriter> writers_of(std::vector<std::string>& blocks) {
  std::vector<RecordWriter> writers;
  writers.reserve(blocks.size());
  for (std::string& block : blocks) writers.emplace_back(block);
  return writers;
}

/// Writes a run of window facts: its place, its anchor's offset from it, its count, its fact
/// (5-10 bytes in place order, for the 33 of its struct).
void encode_window_run(RecordWriter& out, const WindowRun& run);

/// Reads a run encode_window_run wrote.
WindowRun decode_window_run(RecordReader& in);

/// Collective: sends each of `items` (freed once written) to rank dest(item), written by
/// encode(RecordWriter&, item) into its destination's block in the order of `items` (in place order
/// they take least), in one exchange; returns the items received, each read by a copy of `decode`
/// (a RecordReader& -> T callable, which may keep state within one block), by source rank, then in
/// their order at the source. A block holds its record count, then its records (none: an empty
/// block), and travels through exchange_compressed_blocks (compressed when zstd shrinks it). One
/// exchange: the caller bounds the bytes (the search's rounds, the cut stage's proposals), which
/// must stay below 2 GiB a rank.
template <class T, class Dest, class Encode, class Decode>
std::vector<T> exchange_records(Exchanger& exchanger, std::vector<T>&& items, Dest dest,
                                Encode encode, Decode decode) {
  std::vector<std::string> blocks(static_cast<std::size_t>(exchanger.size()));
  {
    std::vector<std::uint32_t> to(items.size());  // each item's destination, asked once
    std::vector<std::uint64_t> counts(blocks.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
      to[i] = static_cast<std::uint32_t>(dest(items[i]));
      ++counts[to[i]];
    }
    std::vector<RecordWriter> writers = writers_of(blocks);
    for (std::size_t d = 0; d < blocks.size(); ++d) {
      if (counts[d] > 0) writers[d].number(counts[d]);
    }
    for (std::size_t i = 0; i < items.size(); ++i) encode(writers[to[i]], items[i]);
  }
  release(items);
  const ReceivedBlocks received = exchange_compressed_blocks(exchanger, std::move(blocks));
  std::vector<RecordReader> readers;
  std::vector<std::uint64_t> counts;
  std::uint64_t total = 0;
  for (const std::string_view block : received) {
    readers.emplace_back(block);
    counts.push_back(block.empty() ? 0 : readers.back().number());
    // Every record takes a byte at least: a count past the block's bytes is damage.
    if (counts.back() > block.size()) throw std::logic_error("a record block's count is wrong");
    total += counts.back();
  }
  std::vector<T> out;
  out.reserve(total);
  for (std::size_t s = 0; s < readers.size(); ++s) {
    Decode read = decode;
    for (std::uint64_t i = 0; i < counts[s]; ++i) out.push_back(read(readers[s]));
    if (!readers[s].empty()) {
      throw std::logic_error("the record block from rank " + std::to_string(s) +
                             " holds more than its count of records");
    }
  }
  return out;
}

}  // namespace neardup
