// Byte cuts: a run takes its tokens and the separators after them, never a character it
// shares with a token that stays, and the text that remains is the rest byte for byte.
#include "core/spans/text_cuts.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

struct Cutter {
  explicit Cutter(std::string text_) : text(std::move(text_)) {
    Tokenizer tokenizer;
    TokenStream tokens;
    EXPECT_TRUE(tokenize_with_origins(tokenizer, text, tokens, origins));
  }
  std::string without(std::uint32_t begin, std::uint32_t end) const {
    const ByteCut cut = byte_cut(origins, static_cast<std::uint32_t>(text.size()), begin, end);
    return text_without(text, std::vector<ByteCut>{cut});
  }
  std::string text;
  std::vector<TokenOrigin> origins;
};

TEST(TextCuts, ARunTakesTheSeparatorsAfterIt) {
  const Cutter c("Intro: one two, three.\nEnd");
  EXPECT_EQ(c.without(1, 4), "Intro: End");
  EXPECT_EQ(c.without(0, 1), "one two, three.\nEnd");
  EXPECT_EQ(c.without(4, 5), "Intro: one two, three.\n");
  EXPECT_EQ(c.without(0, 5), "");
}

TEST(TextCuts, HanCharactersAreCutWholeWithoutSeparators) {
  const Cutter c("\xE6\x9D\xB1\xE4\xBA\xAC\xE5\xA4\xA7\xE9\x98\xAA");  // 東京大阪
  EXPECT_EQ(c.without(1, 3), "\xE6\x9D\xB1\xE9\x98\xAA");
}

TEST(TextCuts, ACharacterSharedWithATokenThatStaysStays) {
  const Cutter c("a \xC2\xBD b");  // a, 1, 2, b: "1" and "2" share the one character
  EXPECT_EQ(c.without(0, 2), "\xC2\xBD b");
  EXPECT_EQ(c.without(2, 4), "a \xC2\xBD");
  EXPECT_EQ(c.without(1, 3), "a b");
}

TEST(TextCuts, ACutThatWouldJoinTwoWordsIsSeen) {
  Tokenizer tokenizer;
  const auto joins = [&](const std::string& text, std::uint32_t begin, std::uint32_t end) {
    const Cutter c(text);
    return joins_neighbours(text, c.origins, begin, end, tokenizer);
  };
  // abc, 東, 京, def: cutting the Han run leaves "abcdef", one token.
  EXPECT_TRUE(
      joins("abc\xE6\x9D\xB1\xE4\xBA\xAC"
            "def",
            1, 3));
  EXPECT_FALSE(
      joins("abc \xE6\x9D\xB1\xE4\xBA\xAC"
            "def",
            1, 3));                                                      // the space stays
  EXPECT_FALSE(joins("abc\xE6\x9D\xB1\xE4\xBA\xAC\xE6\xBC\xA2", 1, 2));  // 漢 is a token alone
  EXPECT_FALSE(
      joins("abc\xE6\x9D\xB1\xE4\xBA\xAC"
            "def",
            0, 2));                                          // nothing before
  EXPECT_FALSE(joins("abc\xE6\x9D\xB1\xE4\xBA\xAC", 1, 3));  // nothing after
}

TEST(TextCuts, SeveralCutsKeepEverythingBetweenThem) {
  const std::string text = "0123456789";
  EXPECT_EQ(text_without(text, std::vector<ByteCut>{{1, 3}, {3, 4}, {7, 10}}), "0456");
  EXPECT_EQ(text_without(text, {}), text);
}

}  // namespace
}  // namespace neardup
