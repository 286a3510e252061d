// The --tokenizer choice: each kind runs its rule on the ASCII kernel it is given, the kernel
// of each --kernel level, and only the Unicode one counts invalid UTF-8, across calls.
#include "core/text/tokenizer_choice.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/text/unicode_tokenizer.hpp"

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

TEST(TokenizerChoice, AsciiKernelFollowsTheKernelLevel) {
  const AsciiTokenizerFn below_avx512 = tokenize_avx2_supported() ? tokenize_avx2 : tokenize_scalar;
  EXPECT_EQ(ascii_tokenizer_for(MinhashKernel::kScalar), tokenize_scalar);
  EXPECT_EQ(ascii_tokenizer_for(MinhashKernel::kAvx2), below_avx512);
  const AsciiTokenizerFn avx512 = tokenize_avx512_vbmi2_supported() ? tokenize_avx512_vbmi2
                                  : tokenize_avx512_supported()     ? tokenize_avx512
                                                                    : below_avx512;
  EXPECT_EQ(ascii_tokenizer_for(MinhashKernel::kAvx512), avx512);
  EXPECT_EQ(fastest_ascii_tokenizer(), avx512);
}

int counted_calls = 0;

// tokenize_scalar, counting its calls.
void counting_tokenizer(std::string_view raw, TokenStream& out) {
  ++counted_calls;
  tokenize_scalar(raw, out);
}

TEST(TokenizerChoice, BothKindsRunTheGivenAsciiKernel) {
  TokenStream tokens;
  Tokenizer ascii(TokenizerKind::kAscii, counting_tokenizer),
      unicode(TokenizerKind::kUnicode, counting_tokenizer);
  counted_calls = 0;
  ascii.tokenize("Plain ASCII, \xC3\x84", tokens);
  EXPECT_EQ(counted_calls, 1);
  EXPECT_EQ(tokens.text, "plain ascii \xC3\x84");
  unicode.tokenize("Plain ASCII", tokens);
  EXPECT_EQ(counted_calls, 2);
  EXPECT_EQ(tokens.text, "plain ascii");
}

// Texts full of NUL bytes: runs of them, NUL beside letters, digits, accents, combining marks,
// Han, fullwidth forms, invalid and overlong (C0 80) sequences, at lengths across the kernels'
// chunks.
std::vector<std::string> texts_with_nuls() {
  const std::string nul(1, '\0');
  const std::vector<std::string> pieces = {nul,
                                           nul + nul + nul,
                                           "a",
                                           "Z",
                                           "7",
                                           " ",
                                           ".",
                                           "\xC3\xA9",
                                           "\xCC\x81",
                                           "\xE4\xB8\xAD",
                                           "\xEF\xBC\xA1",
                                           "\xC0\x80",
                                           "\xE0\x80\x80",
                                           "\xFF",
                                           "\xC3",
                                           "\xEF\xAC\x81"};
  std::vector<std::string> texts;
  for (std::size_t length = 0; length <= 130; ++length) {
    texts.push_back(std::string(length, '\0'));
    std::string alternating;
    while (alternating.size() < length) alternating += nul + "a";
    texts.push_back(alternating.substr(0, length));
  }
  std::mt19937_64 rng(21);
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const std::size_t length = rng() % 300;
    while (text.size() < length) text += pieces[rng() % pieces.size()];
    texts.push_back(text);
  }
  return texts;
}

// The word shingle hash pads tokens with zeros (core/sketch/shingles.hpp), which is unambiguous
// only while no tokenizer puts a NUL byte in a token: the canonical text (tokens joined by spaces)
// of every kind on every ASCII kernel this CPU runs, and of the whole-run Unicode reference,
// holds none.
TEST(TokenizerChoice, NoTokenizerWritesANulByte) {
  std::vector<AsciiTokenizerFn> kernels = {tokenize_scalar};
  if (tokenize_avx2_supported()) kernels.push_back(tokenize_avx2);
  if (tokenize_avx512_supported()) kernels.push_back(tokenize_avx512);
  if (tokenize_avx512_vbmi2_supported()) kernels.push_back(tokenize_avx512_vbmi2);
  TokenStream tokens;
  std::uint64_t invalid = 0;
  for (const std::string& text : texts_with_nuls()) {
    for (const AsciiTokenizerFn kernel : kernels) {
      for (const TokenizerKind kind : {TokenizerKind::kAscii, TokenizerKind::kUnicode}) {
        Tokenizer(kind, kernel).tokenize(text, tokens);
        ASSERT_EQ(tokens.text.find('\0'), std::string::npos)
            << tokenizer_kind_name(kind) << ", " << text.size() << " bytes";
      }
    }
    tokenize_unicode_whole(text, tokens, invalid);
    ASSERT_EQ(tokens.text.find('\0'), std::string::npos) << "whole, " << text.size() << " bytes";
  }
}

TEST(TokenizerChoice, Names) {
  EXPECT_STREQ(tokenizer_kind_name(TokenizerKind::kUnicode), "unicode");
  EXPECT_STREQ(tokenizer_kind_name(TokenizerKind::kAscii), "ascii");
}

}  // namespace
}  // namespace neardup
