// Inputs in another format than they are read as: JSON Lines in a text run, text or UTF-16 in
// a JSON Lines run, 0-byte compressed files; told from names and first bytes.
#include "io/input/format_sniff.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/io/compression_fixtures.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

InputFile file_of(const std::string& path, InputFormat format, std::uint64_t size = 100) {
  return {path, size, format, path};
}

TEST(FormatSniff, JsonLinesInATextRunByNameOrByContent) {
  const std::string lines = "{\"id\": 1, \"text\": \"a\"}\n{\"id\": 2, \"text\": \"b\"}\n";
  EXPECT_EQ(format_hint(file_of("all.jsonl", InputFormat::kText), "x"),
            FormatHint::kJsonLinesInText);
  EXPECT_EQ(format_hint(file_of("ALL.NDJSON.GZ", InputFormat::kTextGzip), "x"),
            FormatHint::kJsonLinesInText);
  EXPECT_EQ(format_hint(file_of("dump.txt", InputFormat::kText), lines),
            FormatHint::kJsonLinesInText);
  // One JSON document (package.json) and prose are text documents.
  EXPECT_EQ(format_hint(file_of("package.json", InputFormat::kText), "{\n  \"name\": \"x\"\n}\n"),
            FormatHint::kNone);
  EXPECT_EQ(format_hint(file_of("a.txt", InputFormat::kText), "hello\n{world}\n"),
            FormatHint::kNone);
  EXPECT_EQ(format_hint(file_of("a.jsonl", InputFormat::kJsonl), lines), FormatHint::kNone);
}

TEST(FormatSniff, TextUtf16AndEmptyCompressedInAJsonLinesRun) {
  EXPECT_EQ(format_hint(file_of("notes.jsonl", InputFormat::kJsonl), "Dear diary,\n"),
            FormatHint::kNotJsonLines);
  EXPECT_EQ(format_hint(file_of("a.json", InputFormat::kJsonl), "[{\"text\": 1}]"),
            FormatHint::kNotJsonLines);
  EXPECT_EQ(format_hint(file_of("a.jsonl", InputFormat::kJsonl), "\xEF\xBB\xBF  {\"a\": 1}\n"),
            FormatHint::kNone);
  EXPECT_EQ(format_hint(file_of("a.jsonl", InputFormat::kJsonl, 0), ""), FormatHint::kNone);
  EXPECT_EQ(format_hint(file_of("a.jsonl", InputFormat::kJsonl), std::string("\xFF\xFE{\0", 4)),
            FormatHint::kUtf16);
  EXPECT_EQ(format_hint(file_of("a.jsonl", InputFormat::kJsonl), std::string("\xFE\xFF\0{", 4)),
            FormatHint::kUtf16);
  const std::string no_bom("{\0\"\0t\0e\0x\0t\0\"\0:\0", 16);
  EXPECT_EQ(format_hint(file_of("a.jsonl", InputFormat::kJsonl), no_bom), FormatHint::kUtf16);
  EXPECT_EQ(format_hint(file_of("a.txt", InputFormat::kText), no_bom), FormatHint::kUtf16);
  // A binary file has NUL bytes, but not at every other position: a binary_file, not UTF-16.
  const std::string binary(
      "\x7F"
      "ELF\2\1\1\0\0\0\0\0\0\0\0\0\3\0>\0\1\0\0\0",
      24);
  EXPECT_EQ(format_hint(file_of("a.so", InputFormat::kText), binary), FormatHint::kNone);
  EXPECT_EQ(format_hint(file_of("a.jsonl", InputFormat::kJsonl), binary),
            FormatHint::kNotJsonLines);
  EXPECT_EQ(format_hint(file_of("a.jsonl.gz", InputFormat::kJsonlGzip, 0), ""),
            FormatHint::kEmptyCompressed);
  EXPECT_EQ(format_hint(file_of("a.txt.zst", InputFormat::kTextZstd, 0), ""),
            FormatHint::kEmptyCompressed);
}

TEST(FormatSniff, ReadsTheFirstBytesDecompressedAndNamesTheFile) {
  const fs::path dir = fs::temp_directory_path() / ("neardup_sniff_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string gz = (dir / "prose.jsonl.gz").string();
  testutil::write_file(gz, testutil::gzip_with_zlib("It was a dark and stormy night.\n"));
  const InputFile file = file_of(gz, InputFormat::kJsonlGzip, fs::file_size(gz));
  EXPECT_EQ(sniff_format(file), FormatHint::kNotJsonLines);
  EXPECT_EQ(format_hint_text(file, FormatHint::kNotJsonLines),
            gz + ": does not look like JSON Lines (its first byte is not '{'); if each file is "
                 "one document, pass --format text");
  const std::string empty = (dir / "empty.jsonl.zst").string();
  testutil::write_file(empty, "");
  const InputFile zero = file_of(empty, InputFormat::kJsonlZstd, 0);
  EXPECT_EQ(sniff_format(zero), FormatHint::kEmptyCompressed);
  EXPECT_EQ(format_hint_text(zero, FormatHint::kEmptyCompressed),
            empty + ": empty (0 bytes), so no zstd data and no documents");
  EXPECT_EQ(sniff_format(file_of((dir / "gone.jsonl").string(), InputFormat::kJsonl)),
            FormatHint::kNone);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace neardup
