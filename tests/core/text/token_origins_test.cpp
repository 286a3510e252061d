// Token origins: the tokens are the tokenizer's, and each origin holds exactly the raw bytes
// its token was made from, in ASCII, in every script of the multilingual corpus, with
// normalization that changes lengths and with invalid bytes.
#include "core/text/token_origins.hpp"

#include <gtest/gtest.h>

#include <random>
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

// Texts mixing ASCII with characters that join, split, grow, shrink or stand alone, at random:
// the origins, found stretch by stretch, are those of the whole text found character by
// character, whenever that agrees with the tokenizer (a mark after a separator, an invalid byte
// or a ligature at a stretch's edge included).
TEST(TokenOrigins, StretchesGiveTheOriginsOfTheWholeText) {
  const std::vector<std::string> pieces = {
      "a",
      "Zq",
      "42",
      " ",
      "  ",
      "\t",
      "\n",
      ",",
      "-",
      "_",
      "'",
      ".",
      "\xC3\xA9",                          // é
      "e\xCC\x81",                         // e + combining acute
      " \xCC\x81",                         // a mark after a space
      "\xCC\x81",                          // a mark after whatever comes before
      "\xE4\xB8\xAD\xE6\x96\x87",          // two Han characters
      "\xEF\xAC\x81",                      // fi ligature
      "\xC2\xBD",                          // 1/2
      "\xEF\xBC\xA1",                      // full-width A
      "\xFF",                              // an invalid byte
      "\xC3\x9F",                          // sharp s
      "\xE0\xB8\x81\xE0\xB8\xB4",          // Thai consonant + vowel sign
      "\xE0\xA4\x95\xE0\xA4\xBF",          // Devanagari consonant + vowel sign
      "\xE1\x84\x80\xE1\x85\xA1",          // Hangul jamo that compose
      "\xC4\xB0",                          // dotted capital I
      "\xC2\xA0",                          // no-break space
      "\xE2\x80\x99",                      // right single quotation mark
      "\xE2\x80\x8D",                      // zero-width joiner
      "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD",  // emoji + skin tone
  };
  std::mt19937 random(2026);
  Tokenizer tokenizer(TokenizerKind::kUnicode), plain(TokenizerKind::kUnicode);
  TokenStream out, whole, expected;
  std::vector<TokenOrigin> origins, whole_origins;
  int compared = 0;
  for (int t = 0; t < 20000; ++t) {
    std::string raw;
    const std::size_t count = 1 + random() % 24;
    for (std::size_t i = 0; i < count; ++i) raw += pieces[random() % pieces.size()];
    plain.tokenize(raw, expected);
    detail::tokenize_unicode_located(raw, whole, whole_origins);
    const bool found = tokenize_with_origins(tokenizer, raw, out, origins);
    ASSERT_EQ(out.text, expected.text);
    if (whole.text != expected.text || whole.starts != expected.starts) continue;
    ASSERT_TRUE(found) << raw;
    ASSERT_EQ(origins, whole_origins) << raw;
    ++compared;
  }
  EXPECT_GT(compared, 19000);
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
