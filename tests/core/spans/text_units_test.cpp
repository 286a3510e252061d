// Lines and paragraphs as units: their bytes (with the newline, or the blank lines after a
// paragraph), the tokens that start in them, units without tokens left out; and their cuts.
#include "core/spans/text_units.hpp"

#include <gtest/gtest.h>

#include <string>

namespace neardup {
namespace {

std::vector<TextUnit> units_of(const std::string& text, SpanUnit unit) {
  Tokenizer tokenizer;
  TokenStream tokens;
  std::vector<TokenOrigin> origins;
  EXPECT_TRUE(tokenize_with_origins(tokenizer, text, tokens, origins));
  return text_units(text, origins, unit);
}

std::vector<std::string> bytes_of(const std::string& text, const std::vector<TextUnit>& units) {
  std::vector<std::string> out;
  for (const TextUnit& u : units)
    out.push_back(text.substr(u.bytes.start, u.bytes.end - u.bytes.start));
  return out;
}

using Strings = std::vector<std::string>;

TEST(TextUnits, LinesKeepTheirNewlineAndSkipLinesWithoutTokens) {
  const std::string text = "Hello world\r\n---\n\n  indented, line\nlast";
  const std::vector<TextUnit> lines = units_of(text, SpanUnit::kLine);
  EXPECT_EQ(bytes_of(text, lines), (Strings{"Hello world\r\n", "  indented, line\n", "last"}));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].begin, 0u);
  EXPECT_EQ(lines[0].end, 2u);
  EXPECT_EQ(lines[1].begin, 2u);
  EXPECT_EQ(lines[1].end, 4u);
  EXPECT_EQ(lines[2].begin, 4u);
  EXPECT_EQ(lines[2].end, 5u);
}

TEST(TextUnits, ParagraphsRunToTheBlankLinesAfterThem) {
  const std::string text = "\n\nfirst para\nstill first\n \t\n\nsecond\n---\n\n";
  EXPECT_EQ(bytes_of(text, units_of(text, SpanUnit::kParagraph)),
            (Strings{"first para\nstill first\n \t\n\n", "second\n---\n\n"}));
  EXPECT_TRUE(units_of("", SpanUnit::kParagraph).empty());
  EXPECT_TRUE(units_of("!!\n\n??", SpanUnit::kParagraph).empty());
}

TEST(TextUnits, CopiesAreCutUnderFirstAndEveryRepeatUnderNone) {
  using Kind = WindowFact::Kind;
  const std::vector<TextUnit> units = {{0, 3, {0, 10}}, {3, 5, {10, 20}}, {5, 9, {20, 30}}};
  const std::vector<WindowFact> facts = {{Kind::kFirst, 7, 2}, {}, {Kind::kCopy, 4, 11}};
  EXPECT_EQ(cut_units(units, facts, KeepOccurrence::kFirst),
            (std::vector<TokenCut>{{5, 9, true, 4, 11, 5, 9}}));
  EXPECT_EQ(cut_units(units, facts, KeepOccurrence::kNone),
            (std::vector<TokenCut>{{0, 3, false, 7, 2, 0, 3}, {5, 9, false, 4, 11, 5, 9}}));
}

}  // namespace
}  // namespace neardup
