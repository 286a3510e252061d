// Unit tests for core/text/tokenizer: hand-written golden token streams for the canonical
// tokenizer.
#include "core/text/tokenizer.hpp"

#include <gtest/gtest.h>

#include <ostream>
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

// An ASCII tokenizer kernel checked against tokenize_scalar, and whether this CPU runs it.
struct AsciiKernel {
  const char* name;
  AsciiTokenizerFn tokenize;
  bool (*supported)();
};

bool always_supported() { return true; }

// gtest names a kernel by its name in failure messages.
void PrintTo(const AsciiKernel& kernel, std::ostream* os) { *os << kernel.name; }

class TokenizerKernel : public testing::TestWithParam<AsciiKernel> {
 protected:
  void SetUp() override {
    if (!GetParam().supported()) GTEST_SKIP() << "this CPU cannot run tokenize_" << GetParam().name;
  }

  // The kernel's stream for `raw` (written over stale contents) equals the scalar one; after
  // the first difference the rest of the test checks nothing, to report one input.
  void expect_same_tokens(std::string_view raw) {
    if (HasFailure()) return;
    TokenStream scalar, wide;
    wide.text = "stale";
    wide.starts = {7};
    tokenize_scalar(raw, scalar);
    GetParam().tokenize(raw, wide);
    ASSERT_EQ(wide.text, scalar.text) << raw.size() << " bytes: " << escaped(raw);
    ASSERT_EQ(wide.starts, scalar.starts) << raw.size() << " bytes: " << escaped(raw);
    ASSERT_EQ(wide.ends, scalar.ends) << raw.size() << " bytes: " << escaped(raw);
  }

  // `raw` with every byte outside printable ASCII as \xNN, for failure messages.
  static std::string escaped(std::string_view raw) {
    std::string out;
    for (const char c : raw.substr(0, 400)) {
      const auto b = static_cast<unsigned char>(c);
      if (b >= 0x20 && b < 0x7F && b != '\\') {
        out += c;
      } else {
        constexpr char kHex[] = "0123456789abcdef";
        out += {'\\', 'x', kHex[b >> 4], kHex[b & 15]};
      }
    }
    return out;
  }
};

// The bytes on both sides of every range edge, and the edges themselves.
const std::string kEdgeBytes = std::string("/09:@AZ[`az{\x7f\x80\xff ") + std::string(1, '\0');

TEST_P(TokenizerKernel, RandomRunsOfStressBytes) {
  // Bytes drawn from classes that stress every rule: both cases, digits, the bytes around the
  // ranges, separators and runs of them, bytes >= 0x80, NUL; lengths across several chunks.
  const std::string alphabet =
      std::string("aZzA09/:@[`{ \t\n,.-\x7f\x80\xc3\xa9\xff", 24) + std::string(1, '\0');
  std::mt19937_64 rng(11);
  for (int round = 0; round < 4000; ++round) {
    const std::size_t length = rng() % 301;
    const std::size_t run = 1 + rng() % 8;  // separators and tokens come in runs up to this
    std::string raw;
    while (raw.size() < length) raw.append(1 + rng() % run, alphabet[rng() % alphabet.size()]);
    raw.resize(length);
    expect_same_tokens(raw);
  }
}

TEST_P(TokenizerKernel, RandomBytesOfEveryLength) {
  std::mt19937_64 rng(12);
  for (std::size_t length = 0; length <= 300; ++length) {
    for (int trial = 0; trial < 8; ++trial) {
      std::string raw(length, ' ');
      for (char& c : raw) c = static_cast<char>(rng());
      expect_same_tokens(raw);
      // Prose-like: mostly lower-case letters, a space in six, now and then anything else.
      for (char& c : raw) {
        const std::uint64_t r = rng() % 64;
        c = static_cast<char>(r < 52 ? 'a' + r % 26 : r < 62 ? ' ' : rng());
      }
      expect_same_tokens(raw);
    }
  }
  for (const std::size_t length : {1000, 4095, 4096, 4097, 65536 + 31, 100003}) {
    std::string raw(length, ' ');
    for (char& c : raw) c = static_cast<char>(rng() % 3 == 0 ? ' ' : rng());
    expect_same_tokens(raw);
  }
}

TEST_P(TokenizerKernel, UniformAndAlternatingBytes) {
  std::string all_bytes;
  for (int c = 0; c < 256; ++c) all_bytes += static_cast<char>(c);
  for (std::size_t length = 0; length <= 200; ++length) {
    for (const char c : kEdgeBytes + "\t,.-bQ5\xc3") expect_same_tokens(std::string(length, c));
    expect_same_tokens(std::string(length, 'A') + " ");
    expect_same_tokens(" " + std::string(length, 'b'));
    for (const char* pair : {"a ", " a", "Z/", "{z", "9:", "\x80\x7f", "@\xff", "``A"}) {
      std::string raw;
      while (raw.size() < length) raw += pair;
      expect_same_tokens(raw.substr(0, length));
    }
    // Every byte value in order and backwards, cut at every length.
    expect_same_tokens(std::string_view(all_bytes).substr(0, length));
    expect_same_tokens(std::string(all_bytes.rbegin(), all_bytes.rend()).substr(0, length));
  }
}

TEST_P(TokenizerKernel, EachByteAtEachPosition) {
  // One byte of every value at every position of a separator run and of a token, across two
  // chunks of either kernel width.
  for (int c = 0; c < 256; ++c) {
    for (std::size_t at = 0; at < 130; ++at) {
      std::string spaces(130, ' '), letters(130, 'K');
      spaces[at] = letters[at] = static_cast<char>(c);
      expect_same_tokens(spaces);
      expect_same_tokens(letters);
    }
  }
}

TEST_P(TokenizerKernel, UnalignedViewsOfALargerBuffer) {
  std::mt19937_64 rng(13);
  std::string buffer(600, ' ');
  for (char& c : buffer) c = kEdgeBytes[rng() % kEdgeBytes.size()];
  for (std::size_t offset = 0; offset < 70; ++offset) {
    for (const std::size_t length : {0, 1, 31, 32, 33, 63, 64, 65, 100, 257}) {
      expect_same_tokens(std::string_view(buffer).substr(offset, length));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Kernels, TokenizerKernel,
    testing::Values(AsciiKernel{"avx2", tokenize_avx2, tokenize_avx2_supported},
                    AsciiKernel{"avx512", tokenize_avx512, tokenize_avx512_supported},
                    AsciiKernel{"avx512_vbmi2", tokenize_avx512_vbmi2,
                                tokenize_avx512_vbmi2_supported},
                    AsciiKernel{"dispatch", tokenize, always_supported}),
    [](const testing::TestParamInfo<AsciiKernel>& kernel) {
      return std::string(kernel.param.name);
    });

}  // namespace
}  // namespace neardup
