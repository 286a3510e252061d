// Punycode (RFC 3492): Unicode labels as ASCII, the encoding behind IDNA's "xn--" host labels.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace neardup {

/// The Punycode of `code_points` (RFC 3492, section 6.3), without the "xn--" prefix: the
/// basic (ASCII) code points as they are, then, after a '-' when there were any, the others as
/// generalized variable-length integers in lower-case digits ("bücher" -> "bcher-kva").
/// nullopt when a code point is not Unicode (over 0x10FFFF or a surrogate) or the result would
/// overflow (inputs far longer than any host label).
std::optional<std::string> punycode_encode(std::u32string_view code_points);

/// The code points whose Punycode is `ascii` (RFC 3492, section 6.2; digits in either letter
/// case, basic code points kept as written). nullopt when `ascii` is no Punycode: a byte that
/// is not ASCII, a basic code point after the last '-' that is not a digit, a truncated
/// integer, an overflow, or a code point decoded that is not Unicode.
std::optional<std::u32string> punycode_decode(std::string_view ascii);

}  // namespace neardup
