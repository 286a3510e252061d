// RecordReader: every record of every format exactly once and whole; oversized records, empty,
// truncated and corrupt inputs, checked against independent encoders (zlib, libzstd, CLI tools).
#include "io/read/record_reader.hpp"

#include <gtest/gtest.h>
#include <xxhash.h>

#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/write/part_writer.hpp"
#include "tests/io/compression_fixtures.hpp"

namespace neardup {
namespace {

using testutil::TempDir;

constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

struct Rec {
  std::string bytes;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  bool oversized = false;
  bool binary = false;
  friend bool operator==(const Rec&, const Rec&) = default;
  friend std::ostream& operator<<(std::ostream& out, const Rec& rec) {
    const std::string shown = rec.bytes.size() > 40 ? rec.bytes.substr(0, 40) + "..." : rec.bytes;
    return out << "{\"" << shown << "\" at " << rec.offset << ", size " << rec.size
               << (rec.oversized ? ", oversized" : "") << (rec.binary ? ", binary}" : "}");
  }
};

struct ReadResult {
  std::vector<Rec> records;
  std::string error;
  std::uint64_t consumed = 0;
};

ReadResult read_records(const std::string& path, InputFormat format,
                        std::uint64_t max_record_bytes = kNoLimit, std::uint64_t begin = 0,
                        std::uint64_t end = kNoLimit) {
  const auto reader = open_records(path, format, begin, end, max_record_bytes);
  ReadResult result;
  Record record;
  while (reader->next(record)) {
    result.records.push_back(
        {std::string(record.bytes), record.offset, record.size, record.oversized, record.binary});
  }
  EXPECT_FALSE(reader->next(record)) << "a finished reader stays finished";
  result.error = reader->decode_error();
  result.consumed = reader->bytes_consumed();
  return result;
}

// The expected records, by splitting on '\n' directly; lines longer than max are oversized.
std::vector<Rec> expected_records(const std::string& content,
                                  std::uint64_t max_record_bytes = kNoLimit) {
  std::vector<Rec> records;
  std::size_t start = 0;
  while (start < content.size()) {
    const std::size_t newline = content.find('\n', start);
    const std::size_t end = newline == std::string::npos ? content.size() : newline;
    const std::size_t size = end - start;
    if (size > max_record_bytes) {
      records.push_back({"", start, size, true});
    } else {
      records.push_back({content.substr(start, size), start, size, false});
    }
    start = end + 1;
  }
  return records;
}

// `count` distinct JSON lines of pseudo-random words, each ending in '\n'.
std::string sample_lines(int count) {
  std::string content;
  std::uint32_t state = 12345;
  for (int i = 0; i < count; ++i) {
    content += "{\"id\":" + std::to_string(i) + ",\"text\":\"";
    for (int word = 0; word < 8; ++word) {
      state = state * 1664525u + 1013904223u;
      content += "w" + std::to_string(state >> 20) + " ";
    }
    content += "\"}\n";
  }
  return content;
}

enum class Encoder { kPartWriter, kLibrary, kTool };

const char* tool_name(InputFormat format) {
  return format == InputFormat::kJsonlGzip ? "gzip" : "zstd";
}

// Compresses `content` into dir/name as `format` with `encoder`; false when the tool is missing.
bool write_compressed(const TempDir& dir, const std::string& name, const std::string& content,
                      InputFormat format, Encoder encoder) {
  const std::string path = dir.path(name);
  switch (encoder) {
    case Encoder::kPartWriter: {
      const auto part = open_part(path, format);
      part->write(content);
      part->commit();
      return true;
    }
    case Encoder::kLibrary:
      testutil::write_file(path, format == InputFormat::kJsonlGzip
                                     ? testutil::gzip_with_zlib(content)
                                     : testutil::zstd_with_libzstd(content));
      return true;
    case Encoder::kTool: {
      if (!testutil::have_tool(tool_name(format))) return false;
      const std::string source = path + ".source";
      testutil::write_file(source, content);
      const std::string command =
          std::string(tool_name(format)) + " -q -c '" + source + "' > '" + path + "'";
      EXPECT_TRUE(testutil::run(command)) << command;
      return true;
    }
  }
  return false;
}

// Concatenated records of the splits of a plain file cut at `cuts` (increasing, in [0, size]).
ReadResult read_splits(const std::string& path, std::uint64_t size,
                       const std::vector<std::uint64_t>& cuts, std::uint64_t max_record_bytes) {
  ReadResult all;
  std::uint64_t begin = 0;
  for (std::size_t i = 0; i <= cuts.size(); ++i) {
    const std::uint64_t end = i < cuts.size() ? cuts[i] : size;
    ReadResult part = read_records(path, InputFormat::kJsonl, max_record_bytes, begin, end);
    for (const Rec& rec : part.records) {
      EXPECT_GE(rec.offset, begin);
      EXPECT_LT(rec.offset, end);
    }
    all.records.insert(all.records.end(), part.records.begin(), part.records.end());
    all.consumed += part.consumed;
    EXPECT_EQ(part.error, "");
    begin = end;
  }
  return all;
}

const InputFormat kCompressed[] = {InputFormat::kJsonlGzip, InputFormat::kJsonlZstd};
const Encoder kEncoders[] = {Encoder::kPartWriter, Encoder::kLibrary, Encoder::kTool};

TEST(RecordReader, PlainSplitsAtEveryPointGiveEveryLineOnce) {
  const TempDir dir;
  const std::string content =
      "first line\n\nthird\r\n{\"a\":1}\nx\n\n\nlong line " + std::string(300, 'z') + "\n\r\nlast";
  const std::string path = dir.path("every.jsonl");
  testutil::write_file(path, content);
  for (const std::uint64_t max : {kNoLimit, std::uint64_t{20}}) {
    const std::vector<Rec> expected = expected_records(content, max);
    for (std::uint64_t cut = 0; cut <= content.size(); ++cut) {
      const ReadResult two = read_splits(path, content.size(), {cut}, max);
      EXPECT_EQ(two.records, expected) << "cut at " << cut << ", max " << max;
      EXPECT_EQ(two.consumed, content.size()) << "cut at " << cut;
      const std::uint64_t second = std::min<std::uint64_t>(cut + 7, content.size());
      EXPECT_EQ(read_splits(path, content.size(), {cut, second}, max).records, expected)
          << "cuts at " << cut << " and " << second << ", max " << max;
    }
  }
}

// The bytes of `content` from the start of the first line starting at or after `begin` to the
// start of the first line starting at or after `end` (the lines a split [begin, end) owns, each
// with its '\n'), hashed with XXH3-64 directly.
std::uint64_t hash_of_lines(const std::string& content, std::uint64_t begin, std::uint64_t end) {
  const auto line_start_from = [&](std::uint64_t at) -> std::size_t {
    if (at == 0) return 0;
    const std::size_t newline = content.find('\n', at - 1);
    return newline == std::string::npos ? content.size() : newline + 1;
  };
  const std::size_t first = line_start_from(begin);
  const std::size_t last = std::max(first, line_start_from(end));
  return XXH3_64bits(content.data() + first, last - first);
}

TEST(RecordReader, ContentHashIsTheHashOfTheSplitsLines) {
  const TempDir dir;
  const std::string content =
      "first line\n\nthird\r\n{\"a\":1}\nx\n\n\nlong line " + std::string(300, 'z') + "\n\r\nlast";
  const std::string path = dir.path("every.jsonl");
  testutil::write_file(path, content);
  for (const std::uint64_t max : {kNoLimit, std::uint64_t{20}}) {
    for (std::uint64_t cut = 0; cut <= content.size(); ++cut) {
      for (const auto& [begin, end] :
           {std::pair<std::uint64_t, std::uint64_t>{0, cut},
            std::pair<std::uint64_t, std::uint64_t>{cut, content.size()}}) {
        const auto reader = open_records(path, InputFormat::kJsonl, begin, end, max);
        Record record;
        while (reader->next(record)) {
        }
        const std::uint64_t expected = hash_of_lines(content, begin, end);
        EXPECT_EQ(reader->content_hash(), expected) << begin << "-" << end << ", max " << max;
        EXPECT_EQ(split_content_hash(path, InputFormat::kJsonl, begin, end, max), expected);
      }
    }
  }
  const std::string text = dir.path("doc.txt");
  testutil::write_file(text, content);
  EXPECT_EQ(split_content_hash(text, InputFormat::kText, 0, 0, kNoLimit),
            XXH3_64bits(content.data(), content.size()));
  for (const InputFormat format : kCompressed) {
    if (!write_compressed(dir, "file", content, format, Encoder::kLibrary)) continue;
    EXPECT_EQ(split_content_hash(dir.path("file"), format, 0, kNoLimit, 20),
              XXH3_64bits(content.data(), content.size()))
        << input_format_name(format);
  }
}

TEST(RecordReader, EveryFormatAndEncoderGivesTheSameRecords) {
  const TempDir dir;
  const std::string content = sample_lines(3000) + "crlf\r\n\r\n\nno newline at the end";
  const std::vector<Rec> expected = expected_records(content);
  testutil::write_file(dir.path("plain.jsonl"), content);
  const ReadResult plain = read_records(dir.path("plain.jsonl"), InputFormat::kJsonl);
  EXPECT_EQ(plain.records, expected);
  EXPECT_EQ(plain.consumed, content.size());
  for (const InputFormat format : kCompressed) {
    for (const Encoder encoder : kEncoders) {
      SCOPED_TRACE(std::string(input_format_name(format)) + " encoder " +
                   std::to_string(static_cast<int>(encoder)));
      if (!write_compressed(dir, "file", content, format, encoder)) continue;
      const ReadResult result = read_records(dir.path("file"), format);
      EXPECT_EQ(result.records, expected);
      EXPECT_EQ(result.error, "");
      EXPECT_EQ(result.consumed, testutil::read_file(dir.path("file")).size());
    }
  }
}

TEST(RecordReader, ConcatenatedGzipMembersAndZstdFramesAreOneStream) {
  const TempDir dir;
  // A line may span members; an empty member in the middle is fine.
  const std::vector<std::string> pieces = {"a\nb", "c\nd\n", "", "e\r\nf\n", "g"};
  std::string content;
  for (const std::string& piece : pieces) content += piece;
  for (const InputFormat format : kCompressed) {
    SCOPED_TRACE(input_format_name(format));
    std::string joined;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      const std::string name = "piece" + std::to_string(i);
      Encoder encoder = kEncoders[i % 3];
      if (!write_compressed(dir, name, pieces[i], format, encoder)) {
        write_compressed(dir, name, pieces[i], format, Encoder::kLibrary);
      }
      joined += testutil::read_file(dir.path(name));
    }
    testutil::write_file(dir.path("joined"), joined);
    const ReadResult result = read_records(dir.path("joined"), format);
    EXPECT_EQ(result.records, expected_records(content));
    EXPECT_EQ(result.error, "");
    EXPECT_EQ(result.consumed, joined.size());
  }
}

TEST(RecordReader, TruncatedCompressedDataGivesWholeLinesThenAnError) {
  const TempDir dir;
  const std::string first = sample_lines(2000);
  const std::string second = sample_lines(50);
  const std::vector<Rec> expected = expected_records(first + second);
  for (const InputFormat format : kCompressed) {
    for (const Encoder encoder : kEncoders) {
      SCOPED_TRACE(std::string(input_format_name(format)) + " encoder " +
                   std::to_string(static_cast<int>(encoder)));
      if (!write_compressed(dir, "first", first, format, encoder)) continue;
      write_compressed(dir, "second", second, format, Encoder::kLibrary);
      const std::string whole =
          testutil::read_file(dir.path("first")) + testutil::read_file(dir.path("second"));
      const std::size_t first_size = testutil::read_file(dir.path("first")).size();
      for (const std::size_t cut :
           {std::size_t{1}, std::size_t{4}, std::size_t{12}, first_size / 3, first_size / 2,
            first_size - 9, first_size - 4, first_size - 1, first_size + 3, whole.size() - 1}) {
        testutil::write_file(dir.path("cut"), std::string_view(whole).substr(0, cut));
        const ReadResult result = read_records(dir.path("cut"), format);
        EXPECT_NE(result.error.find("truncated"), std::string::npos)
            << "cut at " << cut << ": " << result.error;
        ASSERT_LE(result.records.size(), expected.size());
        EXPECT_EQ(result.records,
                  std::vector<Rec>(expected.begin(), expected.begin() + result.records.size()))
            << "cut at " << cut;
      }
    }
  }
}

TEST(RecordReader, GarbageBetweenOrAfterMembersIsCorruptData) {
  const TempDir dir;
  const std::string lines = "one\ntwo\n";
  for (const InputFormat format : kCompressed) {
    SCOPED_TRACE(input_format_name(format));
    write_compressed(dir, "good", lines, format, Encoder::kPartWriter);
    const std::string good = testutil::read_file(dir.path("good"));
    const std::string prefix =
        std::string("corrupt ") + (format == InputFormat::kJsonlGzip ? "gzip" : "zstd") + " data";
    for (const std::string& bad : {good + "not compressed at all\n" + good, good + "garbage!"}) {
      testutil::write_file(dir.path("bad"), bad);
      const ReadResult result = read_records(dir.path("bad"), format);
      EXPECT_EQ(result.records, expected_records(lines));
      EXPECT_EQ(result.error.rfind(prefix, 0), 0u) << result.error;
    }
  }
}

TEST(RecordReader, FlippedBytesInTheMiddleAreAnError) {
  const TempDir dir;
  const std::string content = sample_lines(2000);
  for (const InputFormat format : kCompressed) {
    for (const Encoder encoder : {Encoder::kPartWriter, Encoder::kTool}) {
      SCOPED_TRACE(std::string(input_format_name(format)) + " encoder " +
                   std::to_string(static_cast<int>(encoder)));
      if (!write_compressed(dir, "file", content, format, encoder)) continue;
      std::string bytes = testutil::read_file(dir.path("file"));
      for (std::size_t i = bytes.size() / 2; i < bytes.size() / 2 + 4; ++i) bytes[i] ^= 0x5a;
      testutil::write_file(dir.path("flipped"), bytes);
      const ReadResult result = read_records(dir.path("flipped"), format);
      // The lines before the error may be garbled: a member or frame is checked at its end.
      EXPECT_NE(result.error, "");
    }
  }
}

TEST(RecordReader, EmptyFilesHaveNoRecordsAndNoError) {
  const TempDir dir;
  testutil::write_file(dir.path("empty"), "");
  for (const InputFormat format :
       {InputFormat::kJsonl, InputFormat::kJsonlGzip, InputFormat::kJsonlZstd}) {
    SCOPED_TRACE(input_format_name(format));
    const ReadResult result = read_records(dir.path("empty"), format);
    EXPECT_TRUE(result.records.empty());
    EXPECT_EQ(result.error, "");
    EXPECT_EQ(result.consumed, 0u);
  }
  for (const InputFormat format : kCompressed) {
    for (const Encoder encoder : kEncoders) {
      if (!write_compressed(dir, "nothing", "", format, encoder)) continue;
      const ReadResult result = read_records(dir.path("nothing"), format);
      EXPECT_TRUE(result.records.empty());
      EXPECT_EQ(result.error, "");
    }
  }
}

TEST(RecordReader, OversizedRecordsAreFlaggedAndTheRestIsIntact) {
  const TempDir dir;
  constexpr std::uint64_t kMax = 1000;
  const std::string content = "short\n" + std::string(3 << 20, 'x') + "\nmid\n" +
                              std::string(kMax + 1, 'y') + "\n" + std::string(kMax, 'z') +
                              "\n\ntail\n" + std::string(2 << 20, 'w');
  const std::vector<Rec> expected = expected_records(content, kMax);
  ASSERT_EQ(expected[1].size, 3u << 20);
  ASSERT_TRUE(expected[1].oversized);
  ASSERT_TRUE(expected[3].oversized);
  ASSERT_FALSE(expected[4].oversized);
  testutil::write_file(dir.path("plain.jsonl"), content);
  EXPECT_EQ(read_records(dir.path("plain.jsonl"), InputFormat::kJsonl, kMax).records, expected);
  for (const std::uint64_t cut : {std::uint64_t{3}, std::uint64_t{7}, std::uint64_t{1 << 20},
                                  std::uint64_t{(3 << 20) + 8}, content.size() - 5}) {
    EXPECT_EQ(read_splits(dir.path("plain.jsonl"), content.size(), {cut}, kMax).records, expected)
        << "cut at " << cut;
  }
  for (const InputFormat format : kCompressed) {
    for (const Encoder encoder : kEncoders) {
      SCOPED_TRACE(std::string(input_format_name(format)) + " encoder " +
                   std::to_string(static_cast<int>(encoder)));
      if (!write_compressed(dir, "file", content, format, encoder)) continue;
      const ReadResult result = read_records(dir.path("file"), format, kMax);
      EXPECT_EQ(result.records, expected);
      EXPECT_EQ(result.error, "");
    }
  }
}

TEST(RecordReader, TextFileIsOneRecordWhateverItsLines) {
  const TempDir dir;
  const std::string content = "line one\r\nline two\n\nno newline";
  testutil::write_file(dir.path("doc.txt"), content);
  const ReadResult result = read_records(dir.path("doc.txt"), InputFormat::kText);
  EXPECT_EQ(result.records, (std::vector<Rec>{{content, 0, content.size(), false}}));
  EXPECT_EQ(result.consumed, content.size());
  EXPECT_EQ(read_records(dir.path("doc.txt"), InputFormat::kText, content.size()).records,
            (std::vector<Rec>{{content, 0, content.size(), false}}));
  EXPECT_EQ(read_records(dir.path("doc.txt"), InputFormat::kText, content.size() - 1).records,
            (std::vector<Rec>{{"", 0, content.size(), true}}));
  const std::string big(3 << 20, 'b');
  testutil::write_file(dir.path("big.txt"), big);
  EXPECT_EQ(read_records(dir.path("big.txt"), InputFormat::kText).records,
            (std::vector<Rec>{{big, 0, big.size(), false}}));
}

TEST(RecordReader, CompressedTextFileIsOneDecompressedRecord) {
  const TempDir dir;
  const std::string content = "line one\r\nline two\n\n" + std::string(3 << 20, 'w') + " end";
  testutil::write_file(dir.path("doc.txt.gz"), testutil::gzip_with_zlib(content));
  testutil::write_file(dir.path("doc.txt.zst"), testutil::zstd_with_libzstd(content));
  for (const auto& [name, format] : {std::pair{"doc.txt.gz", InputFormat::kTextGzip},
                                     std::pair{"doc.txt.zst", InputFormat::kTextZstd}}) {
    SCOPED_TRACE(name);
    const ReadResult result = read_records(dir.path(name), format);
    EXPECT_EQ(result.records, (std::vector<Rec>{{content, 0, content.size(), false}}));
    EXPECT_EQ(result.error, "");
    EXPECT_EQ(result.consumed, testutil::read_file(dir.path(name)).size());
    EXPECT_EQ(read_records(dir.path(name), format, content.size() - 1).records,
              (std::vector<Rec>{{"", 0, content.size(), true}}));
    EXPECT_EQ(split_content_hash(dir.path(name), format, 0, 0, kNoLimit),
              XXH3_64bits(content.data(), content.size()));
  }
}

TEST(RecordReader, DamagedCompressedTextFileGivesNoRecord) {
  const TempDir dir;
  const std::string gz = testutil::gzip_with_zlib(std::string(100000, 'x') + " words");
  testutil::write_file(dir.path("cut.txt.gz"), gz.substr(0, gz.size() / 2));
  const ReadResult result = read_records(dir.path("cut.txt.gz"), InputFormat::kTextGzip);
  EXPECT_TRUE(result.records.empty());
  EXPECT_NE(result.error, "");
}

// A NUL byte among the first 8 KiB (as git and grep tell binary files) makes a text file
// binary: no bytes, whatever its size and compression; a NUL after them does not.
TEST(RecordReader, TextFileWithANulInItsFirst8KiBIsBinary) {
  const TempDir dir;
  std::string last_sniffed(8192, 'a');
  last_sniffed[8191] = '\0';
  std::string after(9000, 'a');
  after[8192] = '\0';
  const std::string image =
      std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) + std::string(5000, 'z');
  testutil::write_file(dir.path("last.txt"), last_sniffed);
  testutil::write_file(dir.path("after.txt"), after);
  testutil::write_file(dir.path("image.png"), image);
  EXPECT_EQ(read_records(dir.path("last.txt"), InputFormat::kText).records,
            (std::vector<Rec>{{"", 0, 8192, false, true}}));
  EXPECT_EQ(read_records(dir.path("after.txt"), InputFormat::kText).records,
            (std::vector<Rec>{{after, 0, 9000, false, false}}));
  const ReadResult png = read_records(dir.path("image.png"), InputFormat::kText, 100);
  EXPECT_EQ(png.records, (std::vector<Rec>{{"", 0, image.size(), false, true}}));  // not oversized
  EXPECT_EQ(png.consumed, image.size());
  // 16 MiB of zeros, compressed: binary after the first 8 KiB, not decompressed further.
  const std::string zeros(16 << 20, '\0');
  testutil::write_file(dir.path("zeros.gz"), testutil::gzip_with_zlib(zeros));
  const ReadResult gz = read_records(dir.path("zeros.gz"), InputFormat::kTextGzip);
  ASSERT_EQ(gz.records.size(), 1u);
  EXPECT_TRUE(gz.records[0].binary);
  EXPECT_EQ(gz.records[0].bytes, "");
  EXPECT_EQ(gz.records[0].size, 8192u);
  EXPECT_EQ(gz.consumed, testutil::read_file(dir.path("zeros.gz")).size());
}

TEST(RecordReader, EmptyTextFileIsOneEmptyRecord) {
  const TempDir dir;
  testutil::write_file(dir.path("empty.txt"), "");
  EXPECT_EQ(read_records(dir.path("empty.txt"), InputFormat::kText).records,
            (std::vector<Rec>{{"", 0, 0, false}}));
}

TEST(RecordReader, CompressedAndTextFilesStartAtOffsetZero) {
  const TempDir dir;
  testutil::write_file(dir.path("doc.txt"), "text");
  EXPECT_THROW(open_records(dir.path("doc.txt"), InputFormat::kText, 2, 4, kNoLimit),
               std::invalid_argument);
}

TEST(RecordReader, UnreadablePathsThrowIoErrorNamingThePath) {
  const TempDir dir;
  for (const InputFormat format :
       {InputFormat::kJsonl, InputFormat::kJsonlGzip, InputFormat::kJsonlZstd, InputFormat::kText,
        InputFormat::kTextGzip, InputFormat::kTextZstd}) {
    SCOPED_TRACE(input_format_name(format));
    for (const std::string& path : {dir.path("missing/file"), dir.path("")}) {
      try {
        read_records(path, format);
        ADD_FAILURE() << "expected IoError for " << path;
      } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
      }
    }
  }
}

}  // namespace
}  // namespace neardup
