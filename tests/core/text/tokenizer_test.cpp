// Unit tests for core/text/tokenizer: hand-written golden token streams for the canonical
// tokenizer.
#include "core/text/tokenizer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {
namespace {

// The tokens of a stream, read back through starts/ends.
std::vector<std::string> tokens_of(const TokenStream& ts) {
  std::vector<std::string> out;
  EXPECT_EQ(ts.starts.size(), ts.ends.size());
  for (std::size_t i = 0; i < ts.starts.size() && i < ts.ends.size(); ++i) {
    EXPECT_LE(ts.starts[i], ts.ends[i]);
    EXPECT_LE(ts.ends[i], ts.text.size());
    out.push_back(ts.text.substr(ts.starts[i], ts.ends[i] - ts.starts[i]));
  }
  return out;
}

// Tokenizes `raw` and checks both the canonical text and the token list.
void expect_tokens(std::string_view raw, const std::string& text,
                   const std::vector<std::string>& tokens) {
  TokenStream ts;
  tokenize(raw, ts);
  EXPECT_EQ(ts.text, text);
  EXPECT_EQ(ts.size(), tokens.size());
  EXPECT_EQ(tokens_of(ts), tokens);
}

TEST(Tokenizer, SimpleWords) {
  expect_tokens("hello world", "hello world", {"hello", "world"});
  expect_tokens("one", "one", {"one"});
}

TEST(Tokenizer, TokenOffsetsPointIntoText) {
  TokenStream ts;
  tokenize("  Ab, cde\tF ", ts);
  EXPECT_EQ(ts.text, "ab cde f");
  EXPECT_EQ(ts.starts, (std::vector<std::uint32_t>{0, 3, 7}));
  EXPECT_EQ(ts.ends, (std::vector<std::uint32_t>{2, 6, 8}));
}

TEST(Tokenizer, LowercasesAsciiOnly) {
  expect_tokens("Hello WORLD MiXeD", "hello world mixed", {"hello", "world", "mixed"});
  expect_tokens("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz",
                {"abcdefghijklmnopqrstuvwxyz"});
}

TEST(Tokenizer, PunctuationSeparates) {
  expect_tokens("Hello, world! It's-a test.", "hello world it s a test",
                {"hello", "world", "it", "s", "a", "test"});
  expect_tokens("a_b", "a b", {"a", "b"});  // underscore is not a token byte
  expect_tokens("(x)[y]{z}", "x y z", {"x", "y", "z"});
  // The ASCII neighbours of the token ranges are separators: '/' ':' '@' '[' '`' '{' 0x7f.
  expect_tokens(
      "0/1:9@A[Z`a{z\x7f"
      "b",
      "0 1 9 a z a z b", {"0", "1", "9", "a", "z", "a", "z", "b"});
}

TEST(Tokenizer, WhitespaceRunsCollapse) {
  expect_tokens("a   b\t\tc\n\nd \t\n e", "a b c d e", {"a", "b", "c", "d", "e"});
  expect_tokens("   leading and trailing   ", "leading and trailing",
                {"leading", "and", "trailing"});
  expect_tokens("\v\fa\r", "a", {"a"});
}

TEST(Tokenizer, CrLf) {
  expect_tokens("line one\r\nline two\r\n", "line one line two", {"line", "one", "line", "two"});
}

TEST(Tokenizer, Digits) {
  expect_tokens("Route 66, 2024-01-31 v2.0", "route 66 2024 01 31 v2 0",
                {"route", "66", "2024", "01", "31", "v2", "0"});
  expect_tokens("0123456789", "0123456789", {"0123456789"});
}

TEST(Tokenizer, Utf8StaysInsideTokens) {
  // "Grüße, Welt": ü = c3 bc, ß = c3 9f stay unchanged, G is lowercased.
  expect_tokens(
      "Gr\xc3\xbc\xc3\x9f"
      "e, Welt",
      "gr\xc3\xbc\xc3\x9f"
      "e welt",
      {"gr\xc3\xbc\xc3\x9f"
       "e",
       "welt"});
  // A word made only of multi-byte characters: "日本" = e6 97 a5 e6 9c ac.
  expect_tokens("\xe6\x97\xa5\xe6\x9c\xac!", "\xe6\x97\xa5\xe6\x9c\xac",
                {"\xe6\x97\xa5\xe6\x9c\xac"});
}

TEST(Tokenizer, NonAsciiUppercaseIsNotLowercased) {
  // "ÄB": Ä = c3 84 stays (ä would be c3 a4), B becomes b.
  expect_tokens(
      "\xc3\x84"
      "B",
      "\xc3\x84"
      "b",
      {"\xc3\x84"
       "b"});
}

TEST(Tokenizer, InvalidUtf8BytesAreTokenBytes) {
  // Lone continuation byte, truncated sequence, 0xff and 0xfe: all >= 0x80, so token bytes.
  expect_tokens("a\x80z \xff\xfe x\xc3", "a\x80z \xff\xfe x\xc3", {"a\x80z", "\xff\xfe", "x\xc3"});
  expect_tokens("\x80", "\x80", {"\x80"});
}

TEST(Tokenizer, NulIsASeparator) {
  const std::string raw("ab\0cd\0\0Ef", 9);
  expect_tokens(raw, "ab cd ef", {"ab", "cd", "ef"});
  expect_tokens(std::string_view("\0", 1), "", {});
}

TEST(Tokenizer, EmptyInput) { expect_tokens("", "", {}); }

TEST(Tokenizer, OnlyPunctuationAndSpace) {
  expect_tokens("!?., ;:-- \t\r\n()", "", {});
  expect_tokens(" ", "", {});
}

TEST(Tokenizer, ReplacesPreviousContents) {
  TokenStream ts;
  tokenize("first document with words", ts);
  tokenize("Second", ts);
  EXPECT_EQ(ts.text, "second");
  EXPECT_EQ(tokens_of(ts), (std::vector<std::string>{"second"}));
  tokenize("...", ts);
  EXPECT_EQ(ts.text, "");
  EXPECT_EQ(ts.size(), 0u);
  EXPECT_TRUE(ts.ends.empty());
}

TEST(Tokenizer, IsTokenByte) {
  // Exhaustive check against the spec, byte by byte.
  for (int c = 0; c < 256; ++c) {
    const bool expected = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) ||
                          (c >= 0x61 && c <= 0x7a) || c >= 0x80;
    EXPECT_EQ(is_token_byte(static_cast<unsigned char>(c)), expected) << "byte " << c;
  }
}

void expect_same_tokens(std::string_view raw) {
  TokenStream scalar, wide;
  wide.text = "stale";
  wide.starts = {7};
  tokenize_scalar(raw, scalar);
  tokenize_avx512(raw, wide);
  EXPECT_EQ(wide.text, scalar.text) << raw.size() << " bytes";
  EXPECT_EQ(wide.starts, scalar.starts) << raw.size() << " bytes";
  EXPECT_EQ(wide.ends, scalar.ends) << raw.size() << " bytes";
}

TEST(Tokenizer, Avx512EqualsScalar) {
  if (!tokenize_avx512_supported()) GTEST_SKIP() << "no AVX-512BW on this CPU";
  // Bytes drawn from classes that stress every rule: both cases, digits, the bytes around the
  // ranges, separators and runs of them, bytes >= 0x80, NUL; lengths around the 64-byte chunks.
  const std::string alphabet =
      std::string("aZzA09/:@[`{ \t\n,.-\x7f\x80\xc3\xa9\xff", 24) + std::string(1, '\0');
  std::mt19937_64 rng(11);
  for (int round = 0; round < 3000; ++round) {
    const std::size_t length = rng() % 200;
    const std::size_t run = 1 + rng() % 8;  // separators and tokens come in runs up to this
    std::string raw;
    while (raw.size() < length) {
      const char c = alphabet[rng() % alphabet.size()];
      raw.append(1 + rng() % run, c);
    }
    expect_same_tokens(raw);
  }
  for (std::size_t length = 0; length <= 200; ++length) {
    expect_same_tokens(std::string(length, 'a'));
    expect_same_tokens(std::string(length, ' '));
    expect_same_tokens(std::string(length, 'A') + " ");
    expect_same_tokens(" " + std::string(length, 'b'));
  }
}

}  // namespace
}  // namespace neardup
