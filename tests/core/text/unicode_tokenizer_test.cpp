// The Unicode tokenizer against tokens derived by hand from the Unicode rules (NFKC, full case
// folding, general categories, the unspaced scripts), in many scripts, and against the ASCII
// tokenizer on pure ASCII text.
#include "core/text/unicode_tokenizer.hpp"

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

// Every space separator of Unicode (category Zs), the line and paragraph separators and the
// ASCII and C1 white space, listed from the Unicode data by hand, each between two words.
TEST(UnicodeTokenizer, EveryUnicodeSpaceSeparates) {
  const std::vector<std::string> spaces = {
      " ",      "\t",     "\n",     "\v",     "\f",     "\r",     "\u0085", "\u00A0", "\u1680",
      "\u2000", "\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006", "\u2007", "\u2008",
      "\u2009", "\u200A", "\u2028", "\u2029", "\u202F", "\u205F", "\u3000"};
  for (const std::string& space : spaces) {
    EXPECT_EQ(tokens_of("one" + space + "two"), (Tokens{"one", "two"})) << space;
    EXPECT_EQ(tokens_of("\u00e9t\u00e9" + space + "caf\u00e9"),
              (Tokens{"\u00e9t\u00e9", "caf\u00e9"}))
        << space;
  }
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

// Random ASCII, on every ASCII kernel this CPU has for the fast path, against the scalar ASCII
// tokenizer; and the ASCII words of mixed text, which take the per-word path.
TEST(UnicodeTokenizer, PureAsciiGivesTheAsciiTokenizersTokens) {
  std::vector<void (*)(std::string_view, TokenStream&)> kernels = {tokenize, tokenize_scalar};
  if (tokenize_avx2_supported()) kernels.push_back(tokenize_avx2);
  if (tokenize_avx512_supported()) kernels.push_back(tokenize_avx512);
  if (tokenize_avx512_vbmi2_supported()) kernels.push_back(tokenize_avx512_vbmi2);
  std::mt19937_64 rng(4);
  TokenStream unicode, ascii;
  for (int trial = 0; trial < 2000; ++trial) {
    std::string text(rng() % 200, ' ');
    for (char& c : text) c = static_cast<char>(rng() % 128);
    tokenize_scalar(text, ascii);
    for (const auto kernel : kernels) {
      std::uint64_t invalid = 0;
      tokenize_unicode(text, unicode, invalid, kernel);
      ASSERT_EQ(unicode.text, ascii.text) << trial;
      ASSERT_EQ(unicode.starts, ascii.starts) << trial;
      ASSERT_EQ(unicode.ends, ascii.ends) << trial;
      ASSERT_EQ(invalid, 0u);
    }
    // The same text with one non-ASCII word appended: its ASCII part tokenizes the same.
    std::uint64_t invalid = 0;
    tokenize_unicode(text + " \xC3\xA9t\xC3\xA9", unicode, invalid);
    const std::string expected = ascii.text + (ascii.size() > 0 ? " " : "") + "\xC3\xA9t\xC3\xA9";
    ASSERT_EQ(unicode.text, expected) << trial;
    ASSERT_EQ(unicode.size(), ascii.size() + 1) << trial;
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
                                           "\xF0\x9F\x98\x80",
                                           "\xEA\xB0\x80",      // Hangul syllable GA
                                           "\xE1\x84\x80",      // Hangul leading jamo G
                                           "\xE1\x85\xA1",      // Hangul vowel jamo A
                                           "\xE1\x86\xA8",      // Hangul final jamo G
                                           "\xE0\xB2\xBF",      // Kannada vowel sign I
                                           "\xE0\xB3\x95",      // Kannada length mark
                                           "\xC7\x85",          // titlecase Dz
                                           "\xEF\xAC\x81",      // fi ligature
                                           "\xC2\xAD",          // soft hyphen (ignorable)
                                           "\xE2\x80\x8D",      // zero-width joiner
                                           "\xF0\xA0\x80\x80",  // Han, plane 2
                                           "\xCF\x82",          // final sigma
                                           "\xC3\xA4",          // a with diaeresis
                                           "\xE0\xA4\x95",      // Devanagari KA
                                           "\xE0\xA5\x8D",      // Devanagari virama
                                           "\xEF\xBE\x9E",      // halfwidth voiced mark
                                           "\xE3\x82\x99",      // combining voiced mark
                                           "\xE3\x82\xAB",      // katakana KA
                                           "\xEF\xBB\xBF"};     // zero-width no-break
  std::mt19937_64 rng(6);
  TokenStream fast, whole;
  for (int trial = 0; trial < 20000; ++trial) {
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

// The report's word pieces: whitespace of any kind separates, punctuation stays in its word,
// and each unspaced character (with its marks) is a piece.
TEST(UnicodeTokenizer, WordPiecesForTheDiff) {
  const auto pieces = [](std::string_view text) {
    std::vector<std::string> out;
    for (const std::string_view piece : word_pieces(text)) out.emplace_back(piece);
    return out;
  };
  EXPECT_EQ(pieces("Hello,  world\t\n(yes)"), (Tokens{"Hello,", "world", "(yes)"}));
  EXPECT_EQ(pieces("a\u00A0b\u3000c\u2028d"), (Tokens{"a", "b", "c", "d"}));
  EXPECT_EQ(pieces("\u6211\u7231NLP\u6a21\u578b\u3002"),
            (Tokens{"\u6211", "\u7231", "NLP", "\u6a21", "\u578b", "\u3002"}));
  EXPECT_EQ(pieces("\u0e2a\u0e27\u0e31\u0e2a"),  // a vowel sign stays with its consonant
            (Tokens{"\u0e2a", "\u0e27\u0e31", "\u0e2a"}));
  EXPECT_EQ(pieces("ab\xFF cd"), (Tokens{"ab\xFF", "cd"}));
  EXPECT_EQ(pieces(""), Tokens{});
}

}  // namespace
}  // namespace neardup
