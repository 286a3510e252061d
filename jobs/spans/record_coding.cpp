// Records coded for exchange: varints, zigzag-coded changes of place, low bytes of hashes.
#include "jobs/spans/record_coding.hpp"

#include <bit>
#include <stdexcept>

namespace neardup {
namespace {

using Kind = WindowFact::Kind;

// low_bytes writes the first bytes of a value as it lies in memory.
static_assert(std::endian::native == std::endian::little);

// A fact's first byte: its kind, and whether its equal place follows.
constexpr std::uint8_t kHasEqualPlace = 4;
static_assert(static_cast<std::uint8_t>(Kind::kCopy) < kHasEqualPlace);

std::uint64_t zigzag(std::int64_t value) {
  return (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
}

std::int64_t unzigzag(std::uint64_t value) {
  return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

// The change from `from` to `to`, as a signed number (wrapping: any two values have one).
std::int64_t change(std::uint64_t from, std::uint64_t to) {
  return static_cast<std::int64_t>(to - from);
}

}  // namespace

void RecordWriter::place(DocId doc, std::uint32_t token) {
  signed_number(change(doc_, doc));
  if (doc == doc_) {
    signed_number(change(token_, token));
  } else {
    number(token);
  }
  doc_ = doc;
  token_ = token;
}

void RecordWriter::number(std::uint64_t value) {
  char bytes[10];
  std::size_t size = 0;
  while (value >= 0x80) {
    bytes[size++] = static_cast<char>(value | 0x80);
    value >>= 7;
  }
  bytes[size++] = static_cast<char>(value);
  out_->append(bytes, size);
}

void RecordWriter::signed_number(std::int64_t value) { number(zigzag(value)); }

void RecordWriter::low_bytes(std::uint64_t value, std::size_t bytes) {
  out_->append(reinterpret_cast<const char*>(&value), bytes);
}

void RecordWriter::fact(const WindowFact& fact) {
  const bool equal = fact.kind != Kind::kUnique || fact.equal_doc != 0 || fact.equal_token != 0;
  out_->push_back(
      static_cast<char>(static_cast<std::uint8_t>(fact.kind) | (equal ? kHasEqualPlace : 0)));
  if (!equal) return;
  signed_number(change(equal_doc_, fact.equal_doc));
  signed_number(change(equal_token_, fact.equal_token));
  equal_doc_ = fact.equal_doc;
  equal_token_ = fact.equal_token;
}

std::uint8_t RecordReader::byte() {
  if (in_.empty()) throw std::logic_error("a record block ends inside a record");
  const auto b = static_cast<std::uint8_t>(in_.front());
  in_.remove_prefix(1);
  return b;
}

std::pair<DocId, std::uint32_t> RecordReader::place() {
  const DocId doc = doc_ + static_cast<std::uint64_t>(signed_number());
  const auto token = static_cast<std::uint32_t>(
      doc == doc_ ? token_ + static_cast<std::uint64_t>(signed_number()) : number());
  doc_ = doc;
  token_ = token;
  return {doc, token};
}

std::uint64_t RecordReader::number() {
  std::uint64_t value = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    const std::uint8_t b = byte();
    // The tenth byte holds bit 63 alone.
    if (shift == 63 && b > 1) throw std::logic_error("a record block holds a varint past 64 bits");
    value |= std::uint64_t{b & 0x7fu} << shift;
    if ((b & 0x80) == 0) return value;
  }
  throw std::logic_error("a record block holds a varint past 64 bits");
}

std::int64_t RecordReader::signed_number() { return unzigzag(number()); }

std::uint64_t RecordReader::low_bytes(std::size_t bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < bytes; ++i) value |= std::uint64_t{byte()} << (8 * i);
  return value;
}

WindowFact RecordReader::fact() {
  const std::uint8_t first = byte();
  const auto kind = static_cast<std::uint8_t>(first & ~kHasEqualPlace);
  if (kind > static_cast<std::uint8_t>(Kind::kCopy)) {
    throw std::logic_error("a record block holds a fact of no known kind");
  }
  WindowFact fact;
  fact.kind = static_cast<Kind>(kind);
  if ((first & kHasEqualPlace) == 0) return fact;
  equal_doc_ += static_cast<std::uint64_t>(signed_number());
  equal_token_ += static_cast<std::uint32_t>(signed_number());
  fact.equal_doc = equal_doc_;
  fact.equal_token = equal_token_;
  return fact;
}

std::string_view RecordReader::raw(std::size_t bytes) {
  if (in_.size() < bytes) throw std::logic_error("a record block ends inside a record");
  const std::string_view part = in_.substr(0, bytes);
  in_.remove_prefix(bytes);
  return part;
}

void encode_window_run(RecordWriter& out, const WindowRun& run) {
  out.place(run.doc, run.token);
  out.signed_number(change(run.token, run.anchor));
  out.number(run.count);
  out.fact(run.fact);
}

WindowRun decode_window_run(RecordReader& in) {
  const auto [doc, token] = in.place();
  const auto anchor = token + static_cast<std::uint32_t>(in.signed_number());
  const auto count = static_cast<std::uint32_t>(in.number());
  return {doc, anchor, token, count, in.fact()};
}

}  // namespace neardup
