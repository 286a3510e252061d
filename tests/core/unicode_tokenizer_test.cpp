// The Unicode tokenizer against tokens derived by hand from the Unicode rules (NFKC, full case
// folding, general categories, the unspaced scripts), in many scripts, and against the ASCII
// tokenizer on pure ASCII text.
#include "core/unicode_tokenizer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace neardup {
namespace {

std::vector<std::string> tokens_of(std::string_view text, std::uint64_t* invalid = nullptr) {
  TokenStream stream;
  std::uint64_t bad = 0;
  tokenize_unicode(text, stream, bad);
  if (invalid != nullptr) *invalid = bad;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    out.push_back(stream.text.substr(stream.starts[i], stream.ends[i] - stream.starts[i]));
  }
  return out;
}

using Tokens = std::vector<std::string>;

TEST(UnicodeTokenizer, CaseFoldingIsFullAndCompatibilityFormsFold) {
  // Full case folding: upper to lower, sharp s to "ss", final sigma to sigma.
  EXPECT_EQ(tokens_of("ÄRGER über Straße"), (Tokens{"ärger", "über", "strasse"}));
  EXPECT_EQ(tokens_of("ΟΔΟΣ οδος"), (Tokens{"οδοσ", "οδοσ"}));
  EXPECT_EQ(tokens_of("ПРИВЕТ, мир!"), (Tokens{"привет", "мир"}));
  // NFKC: full-width letters and digits, ligatures and superscripts become their plain forms.
  EXPECT_EQ(tokens_of("ＡＢＣ１２３ ﬁle x²"), (Tokens{"abc123", "file", "x2"}));
}

TEST(UnicodeTokenizer, ComposedAndDecomposedAccentsAreOneToken) {
  const std::string nfc = "caf\xC3\xA9";   // é as U+00E9
  const std::string nfd = "cafe\xCC\x81";  // e + U+0301 combining acute
  EXPECT_EQ(tokens_of(nfc), (Tokens{nfc}));
  EXPECT_EQ(tokens_of(nfd), (Tokens{nfc}));
}

TEST(UnicodeTokenizer, PunctuationSymbolsAndEverySpaceSeparate) {
  // A typographic apostrophe separates like the ASCII one.
  EXPECT_EQ(tokens_of("doesn\xE2\x80\x99t"), tokens_of("doesn't"));
  EXPECT_EQ(tokens_of("doesn't"), (Tokens{"doesn", "t"}));
  // No-break, em, thin, ideographic spaces; curly quotes, em and en dashes; emoji and symbols.
  EXPECT_EQ(tokens_of("a\xC2\xA0"
                      "b\xE2\x80\x83"
                      "c\xE2\x80\x89"
                      "d\xE3\x80\x80"
                      "e"),
            (Tokens{"a", "b", "c", "d", "e"}));
  EXPECT_EQ(tokens_of("\xE2\x80\x9Cquoted\xE2\x80\x9D\xE2\x80\x94text\xE2\x80\x93here"),
            (Tokens{"quoted", "text", "here"}));
  EXPECT_EQ(tokens_of("hi \xF0\x9F\x98\x80 there \xE2\x9C\x93 \xE2\x82\xAC"),
            (Tokens{"hi", "there"}));
}

TEST(UnicodeTokenizer, UnspacedScriptsGiveOneTokenPerCharacter) {
  EXPECT_EQ(tokens_of("我爱北京"), (Tokens{"我", "爱", "北", "京"}));
  EXPECT_EQ(tokens_of("我爱NLP模型"), (Tokens{"我", "爱", "nlp", "模", "型"}));
  EXPECT_EQ(tokens_of("東京タワーへ"), (Tokens{"東", "京", "タ", "ワ", "ー", "へ"}));
  // Thai: vowel signs (category Mn) stay with the consonant before them.
  EXPECT_EQ(tokens_of("สวัสดี"), (Tokens{"ส", "วั", "ส", "ดี"}));
  // Hangul is written with spaces: words stay words.
  EXPECT_EQ(tokens_of("안녕하세요 세계"), (Tokens{"안녕하세요", "세계"}));
}

TEST(UnicodeTokenizer, ScriptsWithSpacesKeepTheirWordsWithMarks) {
  EXPECT_EQ(tokens_of("مرحبا بالعالم"), (Tokens{"مرحبا", "بالعالم"}));
  EXPECT_EQ(tokens_of("שלום עולם"), (Tokens{"שלום", "עולם"}));
  // Devanagari: the virama and vowel signs are marks, inside the word.
  EXPECT_EQ(tokens_of("नमस्ते दुनिया"), (Tokens{"नमस्ते", "दुनिया"}));
}

TEST(UnicodeTokenizer, InvalidBytesSeparateAndAreCounted) {
  std::uint64_t invalid = 0;
  // 0xFF is never UTF-8; 0xC3 starts a two-byte character but '(' does not continue it.
  EXPECT_EQ(tokens_of("ab\xFF"
                      "cd\xC3(ef \xC3\xA9t\xC3\xA9",
                      &invalid),
            (Tokens{"ab", "cd", "ef", "\xC3\xA9t\xC3\xA9"}));
  EXPECT_EQ(invalid, 2u);
  EXPECT_EQ(tokens_of("\xC3", &invalid), Tokens{});
  EXPECT_EQ(invalid, 1u);
}

TEST(UnicodeTokenizer, PureAsciiGivesTheAsciiTokenizersTokens) {
  std::mt19937_64 rng(4);
  TokenStream unicode, ascii;
  for (int trial = 0; trial < 2000; ++trial) {
    std::string text(rng() % 200, ' ');
    for (char& c : text) c = static_cast<char>(rng() % 128);
    std::uint64_t invalid = 0;
    tokenize_unicode(text, unicode, invalid);
    tokenize(text, ascii);
    ASSERT_EQ(unicode.text, ascii.text) << trial;
    ASSERT_EQ(unicode.starts, ascii.starts) << trial;
    ASSERT_EQ(unicode.ends, ascii.ends) << trial;
    ASSERT_EQ(invalid, 0u);
  }
}

// The per-word path against the definition (every valid run normalized whole) on random
// mixes of ASCII, accents composed and decomposed, a mark after punctuation that NFKC composes
// with it, Han, Thai with vowel signs, full-width letters, spaces and invalid bytes.
TEST(UnicodeTokenizer, WordByWordEqualsNormalizingWholeRuns) {
  const std::vector<std::string> pieces = {"a",
                                           "Z",
                                           "7",
                                           " ",
                                           ",",
                                           "=",
                                           "'",
                                           "-",
                                           "\xC3\xA9",
                                           "e",
                                           "\xCC\x81",
                                           "\xCC\xB8",
                                           "\xE4\xB8\xAD",
                                           "\xE0\xB8\xAA",
                                           "\xE0\xB8\xB1",
                                           "\xEF\xBC\xA1",
                                           "\xC2\xA0",
                                           "\xCE\xA3",
                                           "\xC3\x9F",
                                           "\xFF",
                                           "\xC3",
                                           "\xE2\x80\x99",
                                           "\xF0\x9F\x98\x80"};
  std::mt19937_64 rng(6);
  TokenStream fast, whole;
  for (int trial = 0; trial < 5000; ++trial) {
    std::string text;
    const std::size_t n = rng() % 40;
    for (std::size_t i = 0; i < n; ++i) text += pieces[rng() % pieces.size()];
    std::uint64_t fast_invalid = 0, whole_invalid = 0;
    tokenize_unicode(text, fast, fast_invalid);
    tokenize_unicode_whole(text, whole, whole_invalid);
    ASSERT_EQ(fast.text, whole.text) << trial;
    ASSERT_EQ(fast.starts, whole.starts) << trial;
    ASSERT_EQ(fast.ends, whole.ends) << trial;
    ASSERT_EQ(fast_invalid, whole_invalid) << trial;
  }
  TokenStream composed;
  std::uint64_t invalid = 0;
  tokenize_unicode("a =\xCC\xB8 b", composed, invalid);  // = + U+0338 is NFKC's "≠", a symbol
  EXPECT_EQ(composed.text, "a b");
}

}  // namespace
}  // namespace neardup
