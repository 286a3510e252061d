// Well-formed UTF-8 (Unicode table 3-7): where a sequence ends, and whether a string is valid.
#pragma once

#include <cstddef>
#include <string_view>

namespace neardup {

/// U+FFFD REPLACEMENT CHARACTER in UTF-8: what each byte outside a well-formed sequence becomes
/// wherever neardup has to turn bytes into valid UTF-8 (JSON records read, JSON strings written).
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

/// The length (2-4) of the well-formed UTF-8 sequence that starts at bytes[at], a byte >= 0x80,
/// or 0 when there is none there: no overlong forms, no surrogates, nothing above U+10FFFF, no
/// sequence cut by the end of `bytes`.
std::size_t utf8_sequence_length(std::string_view bytes, std::size_t at);

/// How many of the first bytes of `text` to keep to cut it to at most `max` bytes without
/// splitting a character: text.size() when it fits, else `max` moved back off continuation
/// bytes (10xxxxxx).
inline std::size_t utf8_prefix_length(std::string_view text, std::size_t max) {
  if (text.size() <= max) return text.size();
  while (max > 0 && (static_cast<unsigned char>(text[max]) & 0xC0) == 0x80) --max;
  return max;
}

/// True when `bytes` is entirely well-formed UTF-8 (simdjson's validator).
bool is_valid_utf8(std::string_view bytes);

}  // namespace neardup
