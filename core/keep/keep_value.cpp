// A --keep field value ordered exactly: integers of any length, doubles, and ISO 8601 date/times
// (as UTC instants), all on one scale, in a fixed-size key that travels between ranks as bytes.
#include "core/keep/keep_value.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace neardup {
namespace {

// Digits a key holds exactly: 10^38 - 1 < 2^127.
constexpr std::size_t kExactDigits = 38;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The number of decimal digits in `text` from `pos` on.
std::size_t count_digits(std::string_view text, std::size_t pos) {
  std::size_t count = 0;
  while (pos + count < text.size() && is_digit(text[pos + count])) ++count;
  return count;
}

// The key of the integer written by `digits` (decimal digits only, not empty, no leading
// zero), negated when `negative`.
KeepValue integer_key(std::string_view digits, bool negative) {
  KeepValue key;
  const std::string_view kept = digits.substr(0, kExactDigits);
  for (const char c : kept) key.whole = key.whole * 10 + (c - '0');
  if (digits.size() > kExactDigits) {
    key.scale =
        static_cast<std::int32_t>(std::min<std::size_t>(digits.size(), KeepValue::kInfinite - 1));
  }
  if (negative) {
    key.whole = -key.whole;
    key.scale = -key.scale;
  }
  return key;
}

// The key of a double.
KeepValue double_key(double value) {
  KeepValue key;
  if (std::isinf(value)) {
    key.scale = value > 0 ? KeepValue::kInfinite : -KeepValue::kInfinite;
    return key;
  }
  if (std::fabs(value) < 1e38) {
    const double floor = std::floor(value);
    key.whole = static_cast<__int128>(floor);
    key.fraction = value - floor;  // exact: both are doubles of the same binade or closer
    return key;
  }
  // A double this large is an integer: its exact decimal digits.
  char text[400];
  std::snprintf(text, sizeof text, "%.0f", std::fabs(value));
  return integer_key(text, value < 0);
}

// Reads exactly `count` digits at `pos` of `text` into `out`; false when they are not there.
bool read_digits(std::string_view text, std::size_t& pos, std::size_t count, int& out) {
  if (pos + count > text.size()) return false;
  out = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (!is_digit(text[pos + i])) return false;
    out = out * 10 + (text[pos + i] - '0');
  }
  pos += count;
  return true;
}

// Days from 1970-01-01 to the civil date (H. Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, std::int64_t m, std::int64_t d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

unsigned days_in_month(int year, int month) {
  static constexpr unsigned kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

// The zone offset in seconds east of UTC at `pos` ("", "Z", "+HH", "+HHMM", "+HH:MM"), which
// must end the text; nullopt when it is none of those.
std::optional<int> zone_offset(std::string_view text, std::size_t pos) {
  if (pos == text.size()) return 0;
  if ((text[pos] == 'Z' || text[pos] == 'z') && pos + 1 == text.size()) return 0;
  if (text[pos] != '+' && text[pos] != '-') return std::nullopt;
  const int sign = text[pos++] == '-' ? -1 : 1;
  int hours = 0, minutes = 0;
  if (!read_digits(text, pos, 2, hours) || hours > 23) return std::nullopt;
  if (pos < text.size() && text[pos] == ':') ++pos;
  if (pos < text.size() && (!read_digits(text, pos, 2, minutes) || minutes > 59)) {
    return std::nullopt;
  }
  if (pos != text.size()) return std::nullopt;
  return sign * (hours * 3600 + minutes * 60);
}

}  // namespace

KeepValue keep_integer(std::int64_t value) {
  KeepValue key;
  key.whole = value;
  return key;
}

std::optional<KeepValue> parse_keep_number(std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view body = text.substr(negative ? 1 : 0);
  const std::size_t digits = count_digits(body, 0);
  if (digits == 0 || (digits > 1 && body.front() == '0')) return std::nullopt;
  if (digits == body.size()) return integer_key(body, negative);
  std::size_t pos = digits;
  if (body[pos] == '.') {
    const std::size_t fraction = count_digits(body, ++pos);
    if (fraction == 0) return std::nullopt;
    pos += fraction;
  }
  if (pos < body.size() && (body[pos] == 'e' || body[pos] == 'E')) {
    if (++pos < body.size() && (body[pos] == '+' || body[pos] == '-')) ++pos;
    const std::size_t exponent = count_digits(body, pos);
    if (exponent == 0) return std::nullopt;
    pos += exponent;
  }
  if (pos != body.size()) return std::nullopt;
  return double_key(std::strtod(std::string(text).c_str(), nullptr));
}

std::optional<KeepValue> parse_keep_date(std::string_view text) {
  std::size_t pos = 0;
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!read_digits(text, pos, 4, year) || pos >= text.size() || text[pos++] != '-' ||
      !read_digits(text, pos, 2, month) || pos >= text.size() || text[pos++] != '-' ||
      !read_digits(text, pos, 2, day) || month < 1 || month > 12 || day < 1 ||
      static_cast<unsigned>(day) > days_in_month(year, month)) {
    return std::nullopt;
  }
  double fraction = 0;
  if (pos < text.size() && (text[pos] == 'T' || text[pos] == 't' || text[pos] == ' ')) {
    ++pos;
    if (!read_digits(text, pos, 2, hour) || hour > 23 || pos >= text.size() || text[pos++] != ':' ||
        !read_digits(text, pos, 2, minute) || minute > 59) {
      return std::nullopt;
    }
    if (pos < text.size() && text[pos] == ':') {
      ++pos;
      if (!read_digits(text, pos, 2, second) || second > 60) return std::nullopt;
      if (pos < text.size() && (text[pos] == '.' || text[pos] == ',')) {
        const std::size_t first = ++pos;
        while (pos < text.size() && is_digit(text[pos])) ++pos;
        if (pos == first) return std::nullopt;
        fraction =
            std::strtod(("0." + std::string(text.substr(first, pos - first))).c_str(), nullptr);
      }
    }
  }
  const std::optional<int> offset = zone_offset(text, pos);
  if (!offset) return std::nullopt;
  KeepValue key;
  key.whole =
      days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 86400 +
      hour * 3600 + minute * 60 + second - *offset;
  key.fraction = fraction < 1 ? fraction : std::nextafter(1.0, 0.0);
  return key;
}

std::optional<KeepValue> parse_keep_value(std::string_view raw) {
  if (raw.size() >= 2 && raw.front() == '"' && raw.back() == '"') {
    return parse_keep_date(raw.substr(1, raw.size() - 2));
  }
  return parse_keep_number(raw);
}

}  // namespace neardup
