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

/// True when `bytes` is entirely well-formed UTF-8 (simdjson's validator).
bool is_valid_utf8(std::string_view bytes);

}  // namespace neardup
