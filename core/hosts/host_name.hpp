// A host name's canonical ASCII form (IDNA's): labels mapped and Punycode-encoded so that every
// spelling of one name meets, or why a host is no host name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace neardup {

/// Why a URL gives no host (url_host), or kNone.
enum class HostProblem : std::uint8_t {
  kNone,          // a host was found
  kNoHost,        // no absolute or scheme-relative URL, or an empty host ("file:///x")
  kEmptyLabel,    // an empty label: "x..com", ".com", "."
  kLabelTooLong,  // a label of over 63 bytes in its ASCII form
  kHostTooLong,   // over 253 bytes in its ASCII form (a trailing dot not counted)
  kBadPort,       // a port that is not digits, or over 65535
  kBadCharacter,  // a byte other than letters, digits, '-', '_', '.' and UTF-8 non-ASCII
  kBadPunycode,   // an "xn--" label that is no Punycode of a non-ASCII label
  kBadIpv6,       // a bracketed literal that is no IPv6 address
};

/// The number of HostProblem values.
inline constexpr std::size_t kHostProblemCount = 9;

/// The problem's name in stats.json ("empty_label", ...); "" for kNone.
const char* host_problem_name(HostProblem problem);

/// A host name's canonical form, or why it has none.
struct CanonicalHost {
  std::string name;  // "" unless problem is kNone
  HostProblem problem = HostProblem::kNone;
};

/// The canonical ASCII form of a host name (no port, no brackets), as IDNA (RFC 5891, UTS 46)
/// writes it: the name mapped as the tokenizer maps text (NFKC, full case folding, default
/// ignorable code points dropped, with utf8proc; ASCII letters lower-cased), U+3002 read as a
/// dot, one trailing dot dropped, then each label: an ASCII one kept, an "xn--" one decoded,
/// mapped again and re-encoded (so a Punycode label written from unmapped text meets its
/// mapped form), a non-ASCII one Punycode-encoded (RFC 3492) after "xn--". So "BÜCHER.de.",
/// "bücher.de" and "xn--bcher-kva.de" all give "xn--bcher-kva.de". Full case folding maps
/// "ß" to "ss", as IDNA 2003 did. A problem instead when a label is empty or over 63 bytes,
/// the name over 253 bytes, a byte is not a letter, digit, '-', '_' or UTF-8 non-ASCII (after
/// the mapping: a full-width '/' is a '/'), or an "xn--" label does not decode to non-ASCII.
CanonicalHost canonical_host_name(std::string_view host);

}  // namespace neardup
