// Punycode (RFC 3492): Unicode labels as ASCII, the encoding behind IDNA's "xn--" host labels.
#include "core/hosts/punycode.hpp"

#include <algorithm>
#include <cstdint>

namespace neardup {
namespace {

// The parameters of RFC 3492, section 5.
constexpr std::uint32_t kBase = 36, kTMin = 1, kTMax = 26, kSkew = 38, kDamp = 700;
constexpr std::uint32_t kInitialBias = 72, kInitialN = 0x80;
constexpr std::uint32_t kMaxInt = UINT32_MAX;

bool is_unicode(char32_t c) { return c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF); }

// The bias adaptation function of section 6.1.
std::uint32_t adapt(std::uint32_t delta, std::uint32_t points, bool first) {
  delta = first ? delta / kDamp : delta / 2;
  delta += delta / points;
  std::uint32_t k = 0;
  while (delta > ((kBase - kTMin) * kTMax) / 2) {
    delta /= kBase - kTMin;
    k += kBase;
  }
  return k + (kBase - kTMin + 1) * delta / (delta + kSkew);
}

// The threshold t of digit position k (a multiple of kBase) under `bias`.
std::uint32_t threshold(std::uint32_t k, std::uint32_t bias) {
  return k <= bias ? kTMin : k >= bias + kTMax ? kTMax : k - bias;
}

char encode_digit(std::uint32_t d) { return static_cast<char>(d < 26 ? 'a' + d : '0' + d - 26); }

// The value of a Punycode digit (either letter case), or kBase when `c` is none.
std::uint32_t decode_digit(char c) {
  if (c >= 'a' && c <= 'z') return static_cast<std::uint32_t>(c - 'a');
  if (c >= 'A' && c <= 'Z') return static_cast<std::uint32_t>(c - 'A');
  if (c >= '0' && c <= '9') return static_cast<std::uint32_t>(c - '0' + 26);
  return kBase;
}

// Appends `q` as a generalized variable-length integer under `bias` (section 6.3's inner loop).
void put_integer(std::uint32_t q, std::uint32_t bias, std::string& out) {
  for (std::uint32_t k = kBase;; k += kBase) {
    const std::uint32_t t = threshold(k, bias);
    if (q < t) break;
    out += encode_digit(t + (q - t) % (kBase - t));
    q = (q - t) / (kBase - t);
  }
  out += encode_digit(q);
}

// Reads a generalized variable-length integer from `in` at `at` into `i` (adding to it),
// under `bias`; false when it is truncated, holds a non-digit or overflows.
bool take_integer(std::string_view in, std::size_t& at, std::uint32_t bias, std::uint32_t& i) {
  std::uint32_t w = 1;
  for (std::uint32_t k = kBase;; k += kBase) {
    if (at >= in.size()) return false;
    const std::uint32_t digit = decode_digit(in[at++]);
    if (digit >= kBase || digit > (kMaxInt - i) / w) return false;
    i += digit * w;
    const std::uint32_t t = threshold(k, bias);
    if (digit < t) return true;
    if (w > kMaxInt / (kBase - t)) return false;
    w *= kBase - t;
  }
}

}  // namespace

std::optional<std::string> punycode_encode(std::u32string_view code_points) {
  if (!std::all_of(code_points.begin(), code_points.end(), is_unicode)) return std::nullopt;
  std::string out;
  for (const char32_t c : code_points) {
    if (c < 0x80) out += static_cast<char>(c);
  }
  const std::uint32_t basic = static_cast<std::uint32_t>(out.size());
  if (basic > 0) out += '-';
  std::uint32_t n = kInitialN, delta = 0, bias = kInitialBias, handled = basic;
  while (handled < code_points.size()) {
    std::uint32_t m = kMaxInt;
    for (const char32_t c : code_points) {
      if (c >= n && c < m) m = c;
    }
    if (m - n > (kMaxInt - delta) / (handled + 1)) return std::nullopt;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const char32_t c : code_points) {
      if (c < n && ++delta == 0) return std::nullopt;
      if (c != n) continue;
      put_integer(delta, bias, out);
      bias = adapt(delta, handled + 1, handled == basic);
      delta = 0;
      ++handled;
    }
    ++delta;
    ++n;
  }
  return out;
}

std::optional<std::u32string> punycode_decode(std::string_view ascii) {
  if (std::any_of(ascii.begin(), ascii.end(),
                  [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    return std::nullopt;
  }
  const std::size_t dash = ascii.rfind('-');
  const std::size_t basic = dash == std::string_view::npos ? 0 : dash;
  std::u32string out(ascii.begin(), ascii.begin() + static_cast<std::ptrdiff_t>(basic));
  std::uint32_t n = kInitialN, i = 0, bias = kInitialBias;
  for (std::size_t at = basic > 0 ? basic + 1 : 0; at < ascii.size();) {
    const std::uint32_t old_i = i;
    if (!take_integer(ascii, at, bias, i)) return std::nullopt;
    const auto points = static_cast<std::uint32_t>(out.size() + 1);
    bias = adapt(i - old_i, points, old_i == 0);
    if (i / points > kMaxInt - n) return std::nullopt;
    n += i / points;
    i %= points;
    if (n < kInitialN || !is_unicode(n)) return std::nullopt;
    out.insert(out.begin() + i, static_cast<char32_t>(n));
    ++i;
  }
  return out;
}

}  // namespace neardup
