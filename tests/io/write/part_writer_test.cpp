// PartWriter: parts in every format decode to what was written (by zlib, libzstd, the gzip and
// zstd tools and our own reader), and appear only on commit.
#include "io/write/part_writer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <limits>
#include <string>

#include "io/io_error.hpp"
#include "io/read/record_reader.hpp"
#include "tests/io/compression_fixtures.hpp"

namespace neardup {
namespace {

using testutil::TempDir;

const InputFormat kFormats[] = {InputFormat::kJsonl,     InputFormat::kJsonlGzip,
                                InputFormat::kJsonlZstd, InputFormat::kText,
                                InputFormat::kTextGzip,  InputFormat::kTextZstd};

// The decompressed content of a part, by a decoder other than neardup's, or via the command
// line tool when `use_tool` (returns false when the tool is missing).
bool decode_independently(const TempDir& dir, const std::string& path, InputFormat format,
                          bool use_tool, std::string& content) {
  if (!use_tool) {
    const std::string bytes = testutil::read_file(path);
    switch (format.codec) {
      case Codec::kGzip:
        content = testutil::gunzip_with_zlib(bytes);
        break;
      case Codec::kZstd:
        content = testutil::unzstd_with_libzstd(bytes);
        break;
      case Codec::kNone:
        content = bytes;
        break;
    }
    return true;
  }
  if (!is_compressed(format)) return false;
  const bool gzip = format.codec == Codec::kGzip;
  const std::string tool = gzip ? "gzip" : "zstd";
  if (!testutil::have_tool(tool)) return false;
  const std::string out = dir.path("decoded");
  const std::string command = tool + " -dc '" + path + "' > '" + out + "'";
  EXPECT_TRUE(testutil::run(command)) << command;
  content = testutil::read_file(out);
  return true;
}

// The records of a part read back with open_records, joined with '\n' after each line.
std::string read_back(const std::string& path, InputFormat format) {
  const auto reader = open_records(path, format, 0, std::numeric_limits<std::uint64_t>::max(),
                                   std::numeric_limits<std::uint64_t>::max());
  std::string content;
  Record record;
  while (reader->next(record)) {
    content += record.bytes;
    if (!is_text(format)) content += '\n';
  }
  EXPECT_EQ(reader->decode_error(), "");
  return content;
}

TEST(PartWriter, RoundTripInEveryFormat) {
  const TempDir dir;
  std::string content;
  for (int i = 0; i < 5000; ++i) content += "{\"id\":" + std::to_string(i * 7919) + "}\n";
  content += std::string(3 << 20, 'L') + "\n" + "last\r\n";
  for (const InputFormat format : kFormats) {
    SCOPED_TRACE(input_format_name(format));
    // Text parts keep the input's name: one part per format here.
    const std::string path =
        dir.path(std::string("part-") + input_format_name(format) + output_extension(format));
    {
      const auto part = open_part(path, format);
      for (std::size_t at = 0; at < content.size();) {
        const std::size_t take = std::min<std::size_t>(content.size() - at, 1 + at % 7777);
        part->write(std::string_view(content).substr(at, take));
        at += take;
      }
      EXPECT_FALSE(std::filesystem::exists(path));
      part->commit();
    }
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
    if (is_compressed(format)) {
      EXPECT_LT(testutil::read_file(path).size(), content.size());
    }
    for (const bool use_tool : {false, true}) {
      std::string decoded;
      if (decode_independently(dir, path, format, use_tool, decoded)) {
        EXPECT_EQ(decoded, content);
      }
    }
    EXPECT_EQ(read_back(path, format), content);
  }
}

TEST(PartWriter, EmptyPartIsAValidEmptyStream) {
  const TempDir dir;
  for (const InputFormat format : kFormats) {
    SCOPED_TRACE(input_format_name(format));
    const std::string path = dir.path(std::string("empty") + output_extension(format));
    open_part(path, format)->commit();
    ASSERT_TRUE(std::filesystem::exists(path));
    for (const bool use_tool : {false, true}) {
      std::string decoded = "not decoded";
      if (decode_independently(dir, path, format, use_tool, decoded)) {
        EXPECT_EQ(decoded, "");
      }
    }
    EXPECT_EQ(read_back(path, format), "");
  }
}

TEST(PartWriter, NoCommitLeavesNoFile) {
  const TempDir dir;
  for (const InputFormat format : kFormats) {
    SCOPED_TRACE(input_format_name(format));
    const std::string path = dir.path(std::string("abandoned") + output_extension(format));
    {
      const auto part = open_part(path, format);
      part->write(std::string(2 << 20, 'a'));
    }
    EXPECT_FALSE(std::filesystem::exists(path));
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  }
}

TEST(PartWriter, UncreatablePathThrowsIoErrorNamingIt) {
  const TempDir dir;
  const std::string path = dir.path("no/such/dir/part");
  for (const InputFormat format : kFormats) {
    SCOPED_TRACE(input_format_name(format));
    try {
      open_part(path, format);
      ADD_FAILURE() << "expected IoError";
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace neardup
