// libFuzzer target: the record reader (plain, gzip, zstd), JSON field extraction, the tokenizer
// and shingling on arbitrary bytes, with the invariants each of them promises checked.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "core/sketch/shingles.hpp"
#include "core/text/tokenizer.hpp"
#include "core/text/unicode_tokenizer.hpp"
#include "io/json/json_line.hpp"
#include "io/read/compressed_frames.hpp"
#include "io/read/record_reader.hpp"

namespace {

constexpr std::uint64_t kMaxRecordBytes = 4096;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "invariant violated: %s\n", what);
  std::abort();
}

// An in-memory file holding the fuzz input, reachable by path for open_records.
class MemoryFile {
 public:
  MemoryFile() : fd_(memfd_create("neardup-fuzz", 0)) {
    require(fd_ >= 0, "memfd_create");
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  void store(const std::uint8_t* data, std::size_t size) {
    require(ftruncate(fd_, 0) == 0 && pwrite(fd_, data, size, 0) == static_cast<ssize_t>(size),
            "write memfd");
  }
  const std::string& path() const { return path_; }

 private:
  int fd_;
  std::string path_;
};

struct ReadRecord {
  std::string bytes;
  std::uint64_t offset;
  std::uint64_t size;
  bool oversized;
  bool operator==(const ReadRecord&) const = default;
};

std::vector<ReadRecord> read_all(const std::string& path, neardup::InputFormat format,
                                 std::uint64_t begin, std::uint64_t end, bool* decoded = nullptr) {
  std::vector<ReadRecord> records;
  const auto reader = neardup::open_records(path, format, begin, end, kMaxRecordBytes);
  neardup::Record r;
  while (reader->next(r)) {
    require(r.oversized == (r.size > kMaxRecordBytes), "oversized flag");
    require(r.oversized || r.bytes.size() == r.size, "record size");
    require(r.bytes.find('\n') == std::string_view::npos, "newline inside a record");
    records.push_back({std::string(r.bytes), r.offset, r.size, r.oversized});
  }
  if (decoded != nullptr) *decoded = reader->decode_error().empty();
  return records;
}

// The report's word pieces of any text: in order, inside the text, never empty.
void check_word_pieces(std::string_view text) {
  const char* end_of_last = text.data();
  for (const std::string_view piece : neardup::word_pieces(text)) {
    require(!piece.empty() && piece.data() >= end_of_last &&
                piece.data() + piece.size() <= text.data() + text.size(),
            "word pieces in order inside the text");
    end_of_last = piece.data() + piece.size();
  }
}

// The Unicode tokenizer on any text: tokens are non-empty valid UTF-8 without spaces, in
// order, joined by one space, no more invalid bytes are counted than the text has, and the
// word-by-word fast path equals the definition (every valid run normalized whole).
void check_unicode_tokens(std::string_view text) {
  neardup::TokenStream tokens;
  std::uint64_t invalid = 0;
  neardup::tokenize_unicode(text, tokens, invalid);
  require(invalid <= text.size(), "invalid bytes counted at most once");
  neardup::TokenStream whole;
  std::uint64_t whole_invalid = 0;
  neardup::tokenize_unicode_whole(text, whole, whole_invalid);
  require(whole.text == tokens.text && whole.starts == tokens.starts && whole.ends == tokens.ends &&
              whole_invalid == invalid,
          "word by word equals normalizing whole runs");
  check_word_pieces(text);
  std::uint64_t again = 0;
  neardup::TokenStream twice;
  neardup::tokenize_unicode(tokens.text, twice, again);
  require(again == 0 && twice.text == tokens.text, "the canonical text is its own tokenization");
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    require(tokens.starts[i] < tokens.ends[i] && tokens.ends[i] <= tokens.text.size(), "token");
    require(i == 0 || tokens.starts[i] == tokens.ends[i - 1] + 1, "tokens joined by one space");
  }
}

// Parses, tokenizes and shingles one record, checking what the tokenizer and shingler promise.
void digest(neardup::JsonLineParser& parser, const std::string& line) {
  neardup::ParsedLine parsed;
  if (parser.parse(line, parsed) != neardup::LineStatus::kOk) return;
  neardup::TokenStream tokens;
  neardup::tokenize(parsed.text, tokens);
  neardup::TokenStream scalar, wide;
  neardup::tokenize_scalar(parsed.text, scalar);
  using Kernel = std::pair<neardup::AsciiTokenizerFn, bool>;  // and whether the CPU has it
  for (const Kernel& kernel :
       {Kernel{neardup::tokenize_avx2, neardup::tokenize_avx2_supported()},
        Kernel{neardup::tokenize_avx512, neardup::tokenize_avx512_supported()},
        Kernel{neardup::tokenize_avx512_vbmi2, neardup::tokenize_avx512_vbmi2_supported()}}) {
    if (!kernel.second) continue;
    kernel.first(parsed.text, wide);
    require(scalar.text == wide.text && scalar.starts == wide.starts && scalar.ends == wide.ends,
            "avx2 and avx512 tokens equal scalar tokens");
  }
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    require(tokens.starts[i] < tokens.ends[i] && tokens.ends[i] <= tokens.text.size(), "token");
    for (std::uint32_t b = tokens.starts[i]; b < tokens.ends[i]; ++b) {
      const auto c = static_cast<unsigned char>(tokens.text[b]);
      require(neardup::is_token_byte(c) && !(c >= 'A' && c <= 'Z'), "token byte");
    }
  }
  check_unicode_tokens(parsed.text);
  std::vector<std::uint64_t> hashes;
  for (const neardup::ShingleSpec spec : {neardup::ShingleSpec{neardup::ShingleKind::kWord, 3},
                                          neardup::ShingleSpec{neardup::ShingleKind::kChar, 5}}) {
    neardup::shingle_hashes(tokens, spec, hashes);
    const std::size_t positions = hashes.size();
    neardup::shingle_set_of(tokens, spec, hashes);
    require(hashes.size() <= positions && (positions == 0) == hashes.empty(), "set of positions");
    require(
        std::adjacent_find(hashes.begin(), hashes.end(), std::greater_equal<>()) == hashes.end(),
        "shingles sorted and distinct");
    require(hashes.empty() == (tokens.size() == 0), "shingles iff tokens");
  }
}

}  // namespace

// Input: byte 0 picks the format (plain, gzip, zstd), byte 1 where a plain file is cut into two
// splits (of a compressed file of several zstd frames or BGZF members: which piece starts
// begin a split), the rest is the file.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  static MemoryFile file;
  static neardup::JsonLineParser parser("text", "meta.id");
  const neardup::InputFormat formats[] = {neardup::InputFormat::kJsonl,
                                          neardup::InputFormat::kJsonlGzip,
                                          neardup::InputFormat::kJsonlZstd};
  const neardup::InputFormat format = formats[data[0] % 3];
  const std::size_t file_size = size - 2;
  file.store(data + 2, file_size);
  bool whole_decoded = false;
  const std::vector<ReadRecord> whole = read_all(file.path(), format, 0, file_size, &whole_decoded);
  if (format != neardup::InputFormat::kJsonl) {
    // Splits begin at piece starts (the first, and those byte 1's bits pick); when the whole
    // file decodes, they hold exactly its records, offsets counted from each split's start.
    const std::vector<std::uint64_t> starts = neardup::frame_starts(file.path(), format, file_size);
    std::vector<std::uint64_t> begins{0};
    for (std::size_t i = 1; i < starts.size(); ++i) {
      if (data[1] == 0 || ((data[1] >> (i % 8)) & 1) != 0) begins.push_back(starts[i]);
    }
    std::vector<ReadRecord> parts;
    bool parts_decoded = true;
    for (std::size_t k = 0; k < begins.size(); ++k) {
      const std::uint64_t end = k + 1 < begins.size() ? begins[k + 1] : file_size;
      bool decoded = false;
      for (ReadRecord& r : read_all(file.path(), format, begins[k], end, &decoded)) {
        parts.push_back(r);
      }
      parts_decoded = parts_decoded && decoded;
    }
    // zstd frames are walked as the decoder reads them, so a file that decodes splits cleanly;
    // a BGZF member's BSIZE could disagree with its deflate data (the split then reports it).
    if (whole_decoded && format == neardup::InputFormat::kJsonlZstd) {
      require(parts_decoded, "the splits of a file that decodes decode");
    }
    if (whole_decoded && parts_decoded) {
      std::vector<ReadRecord> expected = whole;
      for (ReadRecord& r : expected) r.offset = 0;
      for (ReadRecord& r : parts) r.offset = 0;
      require(parts == expected, "compressed splits partition the records");
    }
  }
  if (format == neardup::InputFormat::kJsonl) {
    // Two line-aligned splits hold exactly the records of the whole file.
    const std::uint64_t cut = file_size * data[1] / 255;
    std::vector<ReadRecord> parts = read_all(file.path(), format, 0, cut);
    for (ReadRecord& r : read_all(file.path(), format, cut, file_size)) parts.push_back(r);
    require(parts == whole, "splits partition the records");
  }
  for (const ReadRecord& r : whole) {
    if (!r.oversized) digest(parser, r.bytes);
  }
  return 0;
}
