// What the Unicode tokenizer needs to know of each code point, looked up in one table: word
// character or separator, mark, unspaced script, and whether NFKC with case folding leaves it
// alone (so a run of such characters needs no normalization).
#pragma once

#include <cstdint>
#include <string_view>

namespace neardup {

/// Bits of a code point's class.
enum CodePointClass : std::uint8_t {
  kWordCharacter = 1,  // general category L*, M* or N*: part of a token
  kMark = 2,           // general category M*: stays with an unspaced character before it
  kUnspaced = 4,       // is_unspaced_script: a token of its own
  // NFKC_Casefold maps it to itself, its canonical combining class is 0, it is not the second
  // character of any canonical composition (nor a Hangul vowel or final jamo) and not default
  // ignorable: a run of such characters is already normalized, whatever surrounds it.
  kStable = 8,
  // NFKC with case folding may join it to the character before it: it is default ignorable
  // (removed), or its normalized form starts with a combining character or the second
  // character of a canonical composition. A separator before it is no boundary for
  // normalization.
  kJoinsPrevious = 16,
};

namespace detail {
/// The class bits of every code point of the Basic Multilingual Plane (0x10000 entries), built
/// once from utf8proc.
const std::uint8_t* bmp_classes();
/// The class bits of a code point beyond the BMP, computed (never kStable).
std::uint8_t class_beyond_bmp(std::int32_t codepoint);
}  // namespace detail

/// The class bits of `codepoint` (0 for separators and unassigned code points that are not
/// stable; beyond the Basic Multilingual Plane nothing is kStable). Code points of the BMP
/// come from a table built once, on first use, from utf8proc; others are computed.
inline std::uint8_t code_point_class(std::int32_t codepoint) {
  static const std::uint8_t* const table = detail::bmp_classes();
  return codepoint >= 0 && codepoint < 0x10000 ? table[codepoint]
                                               : detail::class_beyond_bmp(codepoint);
}

/// The NFKC-casefolded UTF-8 of `codepoint` alone, for code points of the Basic Multilingual
/// Plane that are neither kStable nor kJoinsPrevious (an upper-case letter, a compatibility
/// form): such a character between characters that do not join it normalizes to exactly this.
/// Empty for every other code point. From a table built once, on first use.
std::string_view normalized_alone(std::int32_t codepoint);

}  // namespace neardup
