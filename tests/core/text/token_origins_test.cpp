// Token origins: the tokens are the tokenizer's, and each origin holds exactly the raw bytes
// its token was made from, in ASCII, in every script of the multilingual corpus, with
// normalization that changes lengths and with invalid bytes.
#include "core/text/token_origins.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/text/code_point_classes.hpp"
#include "tests/support/multilingual_corpus.hpp"
#include "tests/support/span_corpus.hpp"

namespace neardup {
namespace {

std::vector<std::string> raw_pieces(std::string_view raw, const std::vector<TokenOrigin>& origins) {
  std::vector<std::string> out;
  for (const TokenOrigin& o : origins) out.emplace_back(raw.substr(o.start, o.end - o.start));
  return out;
}

std::vector<std::string> tokens_of(const TokenStream& stream) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    out.push_back(stream.text.substr(stream.starts[i], stream.ends[i] - stream.starts[i]));
  }
  return out;
}

using Pieces = std::vector<std::string>;

TEST(TokenOrigins, AsciiTokensComeFromTheirRuns) {
  Tokenizer tokenizer;
  TokenStream out;
  std::vector<TokenOrigin> origins;
  const std::string raw = "  Hello, WORLD!!\tfoo_bar 42";
  ASSERT_TRUE(tokenize_with_origins(tokenizer, raw, out, origins));
  EXPECT_EQ(tokens_of(out), (Pieces{"hello", "world", "foo", "bar", "42"}));
  EXPECT_EQ(raw_pieces(raw, origins), (Pieces{"Hello", "WORLD", "foo", "bar", "42"}));
  EXPECT_EQ(origins[0], (TokenOrigin{2, 7}));
}

TEST(TokenOrigins, UnicodeTokensComeFromTheCharactersThatMadeThem) {
  Tokenizer tokenizer;
  TokenStream out;
  std::vector<TokenOrigin> origins;
  // NFD accents join their letter, full-width letters shrink, sharp s grows, Han characters
  // are a token each with no separator, typographic punctuation separates.
  const std::string raw =
      "\xE2\x80\x9C"
      "Cafe\xCC\x81 STRASSE Stra\xC3\x9F"
      "e\xE2\x80\x9D "
      "\xEF\xBD\x81\xEF\xBD\x82 \xE6\x9D\xB1\xE4\xBA\xAC"
      "abc";
  ASSERT_TRUE(tokenize_with_origins(tokenizer, raw, out, origins));
  EXPECT_EQ(tokens_of(out), (Pieces{"caf\xC3\xA9", "strasse", "strasse", "ab", "\xE6\x9D\xB1",
                                    "\xE4\xBA\xAC", "abc"}));
  EXPECT_EQ(raw_pieces(raw, origins),
            (Pieces{"Cafe\xCC\x81", "STRASSE",
                    "Stra\xC3\x9F"
                    "e",
                    "\xEF\xBD\x81\xEF\xBD\x82", "\xE6\x9D\xB1", "\xE4\xBA\xAC", "abc"}));
}

TEST(TokenOrigins, TokensOfOneCharacterShareItsBytes) {
  Tokenizer tokenizer;
  TokenStream out;
  std::vector<TokenOrigin> origins;
  const std::string raw = "x \xC2\xBD y";  // 1/2: NFKC "1", fraction slash, "2"
  ASSERT_TRUE(tokenize_with_origins(tokenizer, raw, out, origins));
  EXPECT_EQ(tokens_of(out), (Pieces{"x", "1", "2", "y"}));
  EXPECT_EQ(origins[1], origins[2]);
  EXPECT_EQ(raw_pieces(raw, origins)[1], "\xC2\xBD");
}

TEST(TokenOrigins, InvalidBytesSeparateAndBelongToNoToken) {
  Tokenizer tokenizer;
  TokenStream out;
  std::vector<TokenOrigin> origins;
  const std::string raw =
      "\xC3\xA9t\xC3\xA9\xFF"
      "caf\xC3\xA9";
  ASSERT_TRUE(tokenize_with_origins(tokenizer, raw, out, origins));
  EXPECT_EQ(raw_pieces(raw, origins), (Pieces{"\xC3\xA9t\xC3\xA9", "caf\xC3\xA9"}));
  Tokenizer ascii(TokenizerKind::kAscii);
  ASSERT_TRUE(tokenize_with_origins(ascii, raw, out, origins));
  EXPECT_EQ(raw_pieces(raw, origins), (Pieces{"\xC3\xA9t\xC3\xA9\xFF"
                                              "caf\xC3\xA9"}));
}

// ASCII runs are taken a byte at a time without looking for joining marks, which holds only
// because no ASCII character joins the one before it.
TEST(TokenOrigins, NoAsciiCharacterJoinsThePreviousOne) {
  for (std::int32_t cp = 0; cp < 0x80; ++cp) {
    EXPECT_EQ(code_point_class(cp) & kJoinsPrevious, 0) << cp;
  }
}

// ASCII beside other characters: a mark after an ASCII letter joins it, a run of ASCII ends
// where the next character is not ASCII, and the origins are worked out by hand.
TEST(TokenOrigins, AsciiRunsNextToMarksAndOtherScripts) {
  Tokenizer tokenizer(TokenizerKind::kUnicode);
  TokenStream out;
  std::vector<TokenOrigin> origins;
  // "Cafe" + U+0301 (2 bytes) + " x" + U+4E2D U+6587 (3 bytes each) + "AB-c" + U+00E9 (2 bytes)
  const std::string raw =
      "Cafe\xCC\x81 x\xE4\xB8\xAD\xE6\x96\x87"
      "AB-c\xC3\xA9";
  ASSERT_TRUE(tokenize_with_origins(tokenizer, raw, out, origins));
  EXPECT_EQ(tokens_of(out), (Pieces{"café", "x", "中", "文", "ab", "cé"}));
  EXPECT_EQ(origins,
            (std::vector<TokenOrigin>{{0, 6}, {7, 8}, {8, 11}, {11, 14}, {14, 16}, {17, 20}}));
}

// Every document of the multilingual and span corpora: the tokens are tokenize's, origins
// are in order and disjoint unless shared, and the bytes of an origin tokenized alone give
// back its token.
TEST(TokenOrigins, EveryTokenOfGeneratedCorporaComesBackFromItsBytes) {
  std::vector<std::string> texts;
  for (const auto& doc : testing::generate_multilingual_corpus({})) texts.push_back(doc.text);
  for (const auto& doc : testing::generate_span_corpus({.docs = 100})) texts.push_back(doc.text);
  for (const TokenizerKind kind : {TokenizerKind::kUnicode, TokenizerKind::kAscii}) {
    Tokenizer tokenizer(kind), plain(kind);
    TokenStream out, expected, alone;
    std::vector<TokenOrigin> origins;
    for (const std::string& text : texts) {
      ASSERT_TRUE(tokenize_with_origins(tokenizer, text, out, origins)) << text;
      plain.tokenize(text, expected);
      ASSERT_EQ(out.text, expected.text);
      ASSERT_EQ(origins.size(), out.size());
      for (std::size_t i = 0; i < origins.size(); ++i) {
        ASSERT_LT(origins[i].start, origins[i].end);
        if (i > 0) {
          ASSERT_LE(origins[i - 1].end, origins[i].start) << text;
        }
        plain.tokenize(
            std::string_view(text).substr(origins[i].start, origins[i].end - origins[i].start),
            alone);
        ASSERT_EQ(alone.text, out.text.substr(out.starts[i], out.ends[i] - out.starts[i])) << text;
      }
    }
  }
}

}  // namespace
}  // namespace neardup
