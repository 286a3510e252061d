// The Unicode tokenizer's per-code-point classes against the Unicode data, worked out by hand
// for each code point (its general category, NFKC_Casefold mapping, combining class and the
// canonical compositions it takes part in).
#include "core/text/code_point_classes.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

bool has(std::int32_t cp, std::uint8_t bits) { return (code_point_class(cp) & bits) == bits; }
bool lacks(std::int32_t cp, std::uint8_t bits) { return (code_point_class(cp) & bits) == 0; }

TEST(CodePointClasses, LettersDigitsAndMarksAreWordCharacters) {
  for (const std::int32_t cp : {0x61, 0x5A, 0x37, 0xE9, 0x3C3, 0x416, 0x5D0, 0x627, 0x915, 0x4E2D,
                                0x30AB, 0xAC00, 0x301, 0x94D, 0x2460}) {
    EXPECT_TRUE(has(cp, kWordCharacter)) << std::hex << cp;
  }
  // Punctuation, symbols, spaces and controls separate.
  for (const std::int32_t cp : {0x20, 0x2C, 0x3D, 0x5F, 0xA0, 0x2019, 0x2014, 0x3000, 0x3002,
                                0x20AC, 0x2713, 0x9, 0x85, 0x2028, 0x1F600}) {
    EXPECT_TRUE(lacks(cp, kWordCharacter)) << std::hex << cp;
  }
}

TEST(CodePointClasses, MarksAndUnspacedScripts) {
  EXPECT_TRUE(has(0x301, kMark));              // combining acute accent, Mn
  EXPECT_TRUE(has(0x94D, kMark));              // Devanagari virama, Mn
  EXPECT_TRUE(has(0xE31, kMark | kUnspaced));  // Thai mai han-akat: a mark of an unspaced script
  EXPECT_TRUE(lacks(0xE2A, kMark));            // Thai so suea, a letter
  for (const std::int32_t cp : {0x4E2D, 0x3042, 0x30AB, 0xE2A, 0xEA5, 0x1780, 0x1000, 0x20000}) {
    EXPECT_TRUE(has(cp, kUnspaced)) << std::hex << cp;
  }
  for (const std::int32_t cp : {0xAC00, 0x61, 0x416, 0x915}) {  // Hangul and spaced scripts
    EXPECT_TRUE(lacks(cp, kUnspaced)) << std::hex << cp;
  }
}

TEST(CodePointClasses, StableCharactersAreTheirOwnNormalForm) {
  // Lower-case letters, precomposed lower-case accented letters, Han, Hangul syllables,
  // ASCII punctuation and the typographic apostrophe map to themselves.
  for (const std::int32_t cp :
       {0x61, 0x7A, 0x30, 0xE9, 0xE4, 0x3C3, 0x436, 0x4E2D, 0xAC00, 0x3D, 0x2C, 0x2019}) {
    EXPECT_TRUE(has(cp, kStable)) << std::hex << cp;
  }
  // Capitals fold, sharp s becomes ss, final sigma sigma, full-width and ligature forms and the
  // no-break space have compatibility forms, a combining mark has class 230, the soft hyphen
  // is ignorable, the Kannada length mark and the Hangul vowel jamo compose with what precedes.
  for (const std::int32_t cp : {0x41, 0xC4, 0xDF, 0x3C2, 0xFF21, 0xFB01, 0xA0, 0x301, 0xAD, 0xCD5,
                                0x1161, 0x20000, 0x1F600}) {
    EXPECT_TRUE(lacks(cp, kStable)) << std::hex << cp;
  }
}

TEST(CodePointClasses, JoiningThePreviousCharacter) {
  // A combining mark, an ignorable (removed), a halfwidth voiced mark (its form is the
  // combining U+3099), a composition's second character, a Hangul vowel and final jamo.
  for (const std::int32_t cp : {0x301, 0x338, 0xAD, 0x200D, 0xFF9E, 0xCD5, 0x1161, 0x11A8}) {
    EXPECT_TRUE(has(cp, kJoinsPrevious)) << std::hex << cp;
  }
  for (const std::int32_t cp : {0x61, 0x41, 0xC4, 0xFF21, 0xA0, 0x4E2D, 0x1100, 0xAC00, 0x3D}) {
    EXPECT_TRUE(lacks(cp, kJoinsPrevious)) << std::hex << cp;
  }
}

TEST(CodePointClasses, NormalizedAloneForms) {
  EXPECT_EQ(normalized_alone(0x41), "a");
  EXPECT_EQ(normalized_alone(0xC4), "\xC3\xA4");  // Ä -> ä
  EXPECT_EQ(normalized_alone(0xDF), "ss");
  EXPECT_EQ(normalized_alone(0x3A3), "\xCF\x83");  // Σ -> σ
  EXPECT_EQ(normalized_alone(0xFF21), "a");        // full-width A
  EXPECT_EQ(normalized_alone(0xFB01), "fi");
  EXPECT_EQ(normalized_alone(0xA0), " ");
  EXPECT_EQ(normalized_alone(0x2460), "1");  // circled digit one
  // Stable and joining characters have none: they are never normalized alone.
  EXPECT_EQ(normalized_alone(0x61), "");
  EXPECT_EQ(normalized_alone(0x301), "");
  EXPECT_EQ(normalized_alone(0x20000), "");
}

}  // namespace
}  // namespace neardup
