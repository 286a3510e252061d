// A --keep field value ordered exactly: integers of any length, doubles, and ISO 8601 date/times
// (as UTC instants), all on one scale, in a fixed-size key that travels between ranks as bytes.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string_view>

namespace neardup {

/// A value's key: the number it stands for (a date stands for its Unix time in seconds), ordered
/// exactly by operator<=> for integers of up to 38 digits, any double and dates to the
/// nanosecond. Longer integers order by their digit count, then their first 38 digits (two that
/// agree on both tie). Plain bytes, no pointers.
struct KeepValue {
  /// 0 when |value| < 10^38; else +-(the decimal digits of its integer part), the sign of the
  /// value; +-kInfinite for a double beyond the range of double (+-infinity).
  std::int32_t scale = 0;
  /// With scale 0: floor(value); else the first 38 digits of the integer part, with its sign.
  __int128 whole = 0;
  /// With scale 0: value - whole, in [0, 1); else 0.
  double fraction = 0;

  static constexpr std::int32_t kInfinite = 0x7fffffff;

  friend std::partial_ordering operator<=>(const KeepValue&, const KeepValue&) = default;
  friend bool operator==(const KeepValue&, const KeepValue&) = default;
};

/// The key of integer `value`.
KeepValue keep_integer(std::int64_t value);

/// The key of a JSON number's text (RFC 8259's grammar): an integer ("-12", any length)
/// exactly; one with a fraction or an exponent ("1.5", "1e3") as the double strtod reads it
/// (beyond double's range: +-infinity). nullopt when `text` is not a JSON number.
std::optional<KeepValue> parse_keep_number(std::string_view text);

/// The key of an ISO 8601 date or date-time: "YYYY-MM-DD" (midnight UTC), then optionally "T"
/// (or "t" or a space), "HH:MM[:SS[.fraction]]" and a zone ("Z", "+HH:MM", "+HHMM", "+HH", or
/// the same with "-"; none: UTC), as the instant's Unix time in seconds. Checks the calendar
/// (month days, leap years) and the ranges (second 60, a leap second, is allowed). nullopt for
/// anything else.
std::optional<KeepValue> parse_keep_date(std::string_view text);

/// The key of a raw JSON value (as it appears in the record): a number (parse_keep_number) or
/// a string that holds a date (parse_keep_date). nullopt for anything else.
std::optional<KeepValue> parse_keep_value(std::string_view raw);

}  // namespace neardup
