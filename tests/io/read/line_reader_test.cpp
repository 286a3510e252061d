// SplitLineReader: every line of a file is read by exactly one split, whole, for any split size.
#include "io/read/line_reader.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/input/input_plan.hpp"
#include "io/io_error.hpp"

namespace neardup {
namespace {

struct LineAt {
  std::string text;
  std::uint64_t offset;
  friend bool operator==(const LineAt&, const LineAt&) = default;
};

std::string write_temp(const std::string& name, const std::string& content) {
  const auto path = std::filesystem::temp_directory_path() / ("neardup_lr_" + name);
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

// The expected lines, by splitting on '\n' directly: a trailing '\n' ends the last line.
std::vector<LineAt> expected_lines(const std::string& content) {
  std::vector<LineAt> lines;
  std::size_t start = 0;
  while (start < content.size()) {
    const std::size_t newline = content.find('\n', start);
    const std::size_t end = newline == std::string::npos ? content.size() : newline;
    lines.push_back({content.substr(start, end - start), start});
    start = end + 1;
  }
  return lines;
}

std::vector<LineAt> read_all_splits(const std::string& path, std::uint64_t size,
                                    std::uint64_t split_bytes) {
  std::vector<LineAt> lines;
  for (const Split& split : cut_splits({{path, size}}, split_bytes)) {
    SplitLineReader reader(path, split.begin, split.end);
    std::string_view line;
    std::uint64_t offset = 0;
    while (reader.next(line, offset)) {
      EXPECT_GE(offset, split.begin);
      EXPECT_LT(offset, split.end);
      lines.push_back({std::string(line), offset});
    }
  }
  return lines;
}

TEST(SplitLineReader, EverySplitSizeReadsEveryLineOnce) {
  const std::string content =
      "first line\n\nthird\r\n{\"a\":1}\nx\n\n\nlong line " + std::string(300, 'z') + "\nlast";
  const std::string path = write_temp("every", content);
  const std::vector<LineAt> expected = expected_lines(content);
  ASSERT_EQ(expected.size(), 9u);
  for (std::uint64_t split = 1; split <= content.size() + 1; ++split) {
    EXPECT_EQ(read_all_splits(path, content.size(), split), expected) << "split bytes " << split;
  }
}

TEST(SplitLineReader, TrailingNewlineGivesNoEmptyLastLine) {
  const std::string content = "a\nb\n";
  const std::string path = write_temp("trailing", content);
  const auto lines = read_all_splits(path, content.size(), 1 << 20);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].text, "b");
}

TEST(SplitLineReader, LinesLongerThanTheBufferAreWhole) {
  std::string content;
  for (int i = 0; i < 3; ++i) content += std::string(3 << 20, static_cast<char>('a' + i)) + "\n";
  const std::string path = write_temp("long", content);
  const auto lines = read_all_splits(path, content.size(), 1 << 20);
  ASSERT_EQ(lines.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(lines[i].text.size(), 3u << 20);
    EXPECT_EQ(lines[i].text.front(), 'a' + i);
    EXPECT_EQ(lines[i].offset, static_cast<std::uint64_t>(i) * ((3 << 20) + 1));
  }
}

TEST(SplitLineReader, MissingFileNamesThePath) {
  try {
    SplitLineReader reader("/nonexistent/neardup/file.jsonl", 0, 10);
    FAIL() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/neardup/file.jsonl"), std::string::npos);
  }
}

}  // namespace
}  // namespace neardup
