// A host name's canonical ASCII form (IDNA's): labels mapped and Punycode-encoded so that every
// spelling of one name meets, or why a host is no host name.
#include "core/hosts/host_name.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "core/hosts/punycode.hpp"

namespace neardup {
namespace {

constexpr std::size_t kMaxLabelBytes = 63, kMaxNameBytes = 253;

// NFKC, full case folding, default ignorables dropped: the tokenizer's mapping.
constexpr utf8proc_option_t kMapping = static_cast<utf8proc_option_t>(
    UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);

bool is_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// Whether `c` may be in a label: an ASCII letter, digit, '-' or '_', or a non-ASCII byte.
bool label_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

// `text` mapped (kMapping; ASCII alone: lower-cased), with U+3002 as '.'; nullopt when it is
// not UTF-8.
std::optional<std::string> mapped(std::string_view text) {
  std::string out;
  if (is_ascii(text)) {
    out = text;
  } else {
    utf8proc_uint8_t* result = nullptr;
    const utf8proc_ssize_t length =
        utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                     static_cast<utf8proc_ssize_t>(text.size()), &result, kMapping);
    if (length < 0) return std::nullopt;
    out.assign(reinterpret_cast<const char*>(result), static_cast<std::size_t>(length));
    std::free(result);
    for (std::size_t at; (at = out.find("\u3002")) != std::string::npos;) out.replace(at, 3, ".");
  }
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The code points of valid UTF-8 `text` (mapped() output is).
std::u32string code_points(std::string_view text) {
  std::u32string out;
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  for (utf8proc_ssize_t at = 0, size = static_cast<utf8proc_ssize_t>(text.size()); at < size;) {
    utf8proc_int32_t c = 0;
    at += std::max<utf8proc_ssize_t>(utf8proc_iterate(bytes + at, size - at, &c), 1);
    out += static_cast<char32_t>(c);
  }
  return out;
}

std::string utf8_of(std::u32string_view points) {
  std::string out;
  for (const char32_t c : points) {
    utf8proc_uint8_t bytes[4];
    out.append(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(utf8proc_encode_char(
                                                         static_cast<utf8proc_int32_t>(c), bytes)));
  }
  return out;
}

// The ASCII form of a mapped label with nothing to decode: itself when ASCII, else "xn--" and
// its Punycode; or the problem with it.
CanonicalHost encoded_label(std::string_view label) {
  if (label.empty()) return {"", HostProblem::kEmptyLabel};
  if (!std::all_of(label.begin(), label.end(), label_byte)) return {"", HostProblem::kBadCharacter};
  std::string ascii(label);
  if (!is_ascii(label)) {
    // Punycode takes a byte or more per code point, and encoding is quadratic: a label too
    // long anyway is refused before it is encoded.
    const std::u32string points = code_points(label);
    if (points.size() > kMaxLabelBytes - 4) return {"", HostProblem::kLabelTooLong};
    const std::optional<std::string> encoded = punycode_encode(points);
    if (!encoded) return {"", HostProblem::kBadCharacter};
    ascii = "xn--" + *encoded;
  }
  if (ascii.size() > kMaxLabelBytes) return {"", HostProblem::kLabelTooLong};
  return {std::move(ascii), HostProblem::kNone};
}

// The ASCII form of one mapped label; an "xn--" label is decoded, mapped and encoded again.
CanonicalHost ascii_label(std::string_view label) {
  if (!label.starts_with("xn--")) return encoded_label(label);
  if (label.size() > kMaxLabelBytes) return {"", HostProblem::kLabelTooLong};  // not decoded
  const std::optional<std::u32string> decoded = punycode_decode(label.substr(4));
  if (!decoded ||
      std::all_of(decoded->begin(), decoded->end(), [](char32_t c) { return c < 0x80; })) {
    return {"", HostProblem::kBadPunycode};
  }
  const std::optional<std::string> again = mapped(utf8_of(*decoded));
  if (!again || again->starts_with("xn--") || again->find('.') != std::string::npos) {
    return {"", HostProblem::kBadPunycode};
  }
  return encoded_label(*again);
}

}  // namespace

const char* host_problem_name(HostProblem problem) {
  switch (problem) {
    case HostProblem::kNone:
      return "";
    case HostProblem::kNoHost:
      return "no_host";
    case HostProblem::kEmptyLabel:
      return "empty_label";
    case HostProblem::kLabelTooLong:
      return "label_too_long";
    case HostProblem::kHostTooLong:
      return "host_too_long";
    case HostProblem::kBadPort:
      return "bad_port";
    case HostProblem::kBadCharacter:
      return "bad_character";
    case HostProblem::kBadPunycode:
      return "bad_punycode";
    case HostProblem::kBadIpv6:
      return "bad_ipv6";
  }
  return "";
}

CanonicalHost canonical_host_name(std::string_view host) {
  const std::optional<std::string> name = mapped(host);
  if (!name) return {"", HostProblem::kBadCharacter};
  std::string_view rest = *name;
  if (rest.ends_with('.')) rest.remove_suffix(1);
  std::string out;
  while (true) {
    const std::size_t dot = rest.find('.');
    const CanonicalHost label = ascii_label(rest.substr(0, dot));
    if (label.problem != HostProblem::kNone) return label;
    out += label.name;
    if (dot == std::string_view::npos) break;
    out += '.';
    rest.remove_prefix(dot + 1);
  }
  if (out.size() > kMaxNameBytes) return {"", HostProblem::kHostTooLong};
  return {out, HostProblem::kNone};
}

}  // namespace neardup
