// The Unicode tokenizer's per-code-point classes, tabulated for the Basic Multilingual Plane.
#include "core/text/code_point_classes.hpp"

#include <utf8proc.h>

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/text/unicode_tokenizer.hpp"

namespace neardup {
namespace {

constexpr utf8proc_option_t kNfkcCasefold = static_cast<utf8proc_option_t>(
    UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);

// The last plane with canonical compositions (plane 1 has Kaithi, Chakma, musical symbols...).
constexpr std::int32_t kLastComposingCodePoint = 0x1FFFF;

bool is_word_category(utf8proc_category_t category) {
  return (category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_ME) ||
         (category >= UTF8PROC_CATEGORY_ND && category <= UTF8PROC_CATEGORY_NO);
}

bool is_mark_category(utf8proc_category_t category) {
  return category >= UTF8PROC_CATEGORY_MN && category <= UTF8PROC_CATEGORY_ME;
}

// Code points that may compose with the character before them: every element but the first
// of a canonical decomposition (a superset of the composition pairs' second characters), and
// the Hangul vowel and final jamo, which compose algorithmically.
std::vector<bool> composing_seconds() {
  std::vector<bool> second(0x10000, false);
  for (std::int32_t cp = 0; cp <= kLastComposingCodePoint; ++cp) {
    utf8proc_int32_t parts[8];
    int boundclass = 0;
    const utf8proc_ssize_t n =
        utf8proc_decompose_char(cp, parts, 8, UTF8PROC_DECOMPOSE, &boundclass);
    for (utf8proc_ssize_t i = 1; i < n && i < 8; ++i) {
      if (parts[i] >= 0 && parts[i] < 0x10000) second[static_cast<std::size_t>(parts[i])] = true;
    }
  }
  for (std::int32_t cp = 0x1161; cp <= 0x1175; ++cp) second[static_cast<std::size_t>(cp)] = true;
  for (std::int32_t cp = 0x11A8; cp <= 0x11C2; ++cp) second[static_cast<std::size_t>(cp)] = true;
  return second;
}

// The class bits of `cp`; `second` tells the code points (below 0x10000) that may compose with
// the character before them.
std::uint8_t classify(std::int32_t cp, const std::vector<bool>& second) {
  const auto composes = [&second](utf8proc_int32_t c) {
    return c >= 0 && c < 0x10000 && second[static_cast<std::size_t>(c)];
  };
  const utf8proc_property_t* property = utf8proc_get_property(cp);
  const auto category = static_cast<utf8proc_category_t>(property->category);
  std::uint8_t bits = 0;
  if (is_word_category(category)) bits |= kWordCharacter;
  if (is_mark_category(category)) bits |= kMark;
  if (is_unspaced_script(cp)) bits |= kUnspaced;
  // Its decomposed NFKC_Casefold form tells whether it can join the character before it; the
  // composed form whether it is its own normal form.
  utf8proc_int32_t mapped[32];
  int boundclass = 0;
  utf8proc_ssize_t n = utf8proc_decompose_char(cp, mapped, 32, kNfkcCasefold, &boundclass);
  if (n <= 0 || n > 32 || utf8proc_get_property(mapped[0])->combining_class != 0 ||
      composes(mapped[0])) {
    return static_cast<std::uint8_t>(bits | kJoinsPrevious);
  }
  n = utf8proc_normalize_utf32(mapped, n,
                               static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (n == 1 && mapped[0] == cp && property->combining_class == 0 && !composes(cp) &&
      cp < 0x10000) {
    bits |= kStable;
  }
  return bits;
}

std::array<std::uint8_t, 0x10000> make_table(const std::vector<bool>& second) {
  std::array<std::uint8_t, 0x10000> table{};
  for (std::int32_t cp = 0; cp < 0x10000; ++cp) {
    table[static_cast<std::size_t>(cp)] = classify(cp, second);
  }
  return table;
}

// The NFKC-casefolded UTF-8 of every BMP code point that is neither stable nor joining, one
// after another, and where each one's starts (0 for the others, whose range is then empty).
struct AloneForms {
  std::string bytes;
  std::vector<std::uint32_t> starts;  // 0x10001 entries: code point c's form is [c, c + 1)

  std::string_view of(std::int32_t cp) const {
    const auto c = static_cast<std::size_t>(cp);
    return std::string_view(bytes).substr(starts[c], starts[c + 1] - starts[c]);
  }
};

AloneForms make_alone_forms() {
  constexpr utf8proc_option_t kMap = static_cast<utf8proc_option_t>(
      UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);
  AloneForms forms;
  forms.starts.assign(0x10001, 0);
  for (std::int32_t cp = 0; cp < 0x10000; ++cp) {
    forms.starts[static_cast<std::size_t>(cp)] = static_cast<std::uint32_t>(forms.bytes.size());
    const std::uint8_t bits = code_point_class(cp);
    if ((bits & (kStable | kJoinsPrevious)) != 0 || (cp >= 0xD800 && cp <= 0xDFFF)) continue;
    utf8proc_uint8_t encoded[4];
    const utf8proc_ssize_t length = utf8proc_encode_char(cp, encoded);
    utf8proc_uint8_t* mapped = nullptr;
    if (utf8proc_map(encoded, length, &mapped, kMap) > 0) {
      forms.bytes += reinterpret_cast<const char*>(mapped);
    }
    std::free(mapped);
  }
  forms.starts[0x10000] = static_cast<std::uint32_t>(forms.bytes.size());
  return forms;
}

}  // namespace

std::string_view normalized_alone(std::int32_t codepoint) {
  static const AloneForms forms = make_alone_forms();
  if (codepoint < 0 || codepoint >= 0x10000) return {};
  return forms.of(codepoint);
}

namespace detail {

// The composing seconds, computed once for both the table and the code points beyond it.
const std::vector<bool>& seconds() {
  static const std::vector<bool> second = composing_seconds();
  return second;
}

const std::uint8_t* bmp_classes() {
  static const std::array<std::uint8_t, 0x10000> table = make_table(seconds());
  return table.data();
}

std::uint8_t class_beyond_bmp(std::int32_t codepoint) {
  // Nothing beyond the BMP is taken as stable (classify): such text is normalized by utf8proc.
  return classify(codepoint, seconds());
}

}  // namespace detail

}  // namespace neardup
