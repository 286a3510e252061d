// The --tokenizer choice: each kind runs its rule and only the Unicode one counts invalid
// UTF-8, across calls.
#include "core/text/tokenizer_choice.hpp"

#include <gtest/gtest.h>

#include <string>

namespace neardup {
namespace {

TEST(TokenizerChoice, EachKindFollowsItsRule) {
  TokenStream tokens;
  Tokenizer unicode(TokenizerKind::kUnicode), ascii(TokenizerKind::kAscii);
  // Ä is C3 84: the ASCII rule keeps it and lowercases only R, G, E, R.
  ascii.tokenize(
      "\xC3\x84RGER \xC3\xBC"
      "ber, Stra\xC3\x9F"
      "e",
      tokens);
  EXPECT_EQ(tokens.text,
            "\xC3\x84rger \xC3\xBC"
            "ber stra\xC3\x9F"
            "e");
  unicode.tokenize(
      "\xC3\x84RGER \xC3\xBC"
      "ber, Stra\xC3\x9F"
      "e",
      tokens);
  EXPECT_EQ(tokens.text,
            "\xC3\xA4rger \xC3\xBC"
            "ber strasse");
  EXPECT_EQ(unicode.kind(), TokenizerKind::kUnicode);
  EXPECT_EQ(ascii.kind(), TokenizerKind::kAscii);
}

TEST(TokenizerChoice, InvalidBytesAreCountedAcrossCallsByTheUnicodeKind) {
  TokenStream tokens;
  Tokenizer unicode, ascii(TokenizerKind::kAscii);
  unicode.tokenize(
      "a\xFF"
      "b",
      tokens);
  EXPECT_EQ(tokens.text, "a b");
  unicode.tokenize("\xC3 x \x80\x80", tokens);
  EXPECT_EQ(unicode.invalid_utf8_bytes(), 4u);
  ascii.tokenize(
      "a\xFF"
      "b",
      tokens);
  EXPECT_EQ(tokens.text,
            "a\xFF"
            "b");
  EXPECT_EQ(ascii.invalid_utf8_bytes(), 0u);
}

TEST(TokenizerChoice, Names) {
  EXPECT_STREQ(tokenizer_kind_name(TokenizerKind::kUnicode), "unicode");
  EXPECT_STREQ(tokenizer_kind_name(TokenizerKind::kAscii), "ascii");
}

}  // namespace
}  // namespace neardup
