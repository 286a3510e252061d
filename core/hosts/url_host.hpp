// A URL's host, normalised so that the pages of one site share it, and its 64-bit id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace neardup {

/// The host of an absolute URL ("scheme://authority/...") or of a scheme-relative one
/// ("//authority/..."), normalised: ASCII letters lower-cased, userinfo ("user:pass@"), port
/// (":8080") and one trailing dot dropped, and a leading "www." dropped when a dot remains
/// ("www.example.com" -> "example.com", "www.com" stays). An IPv6 literal keeps its brackets
/// ("[2001:db8::1]"). Surrounding ASCII whitespace is ignored. nullopt when `url` has no such
/// host: no scheme (a relative reference such as "example.com/a"), an empty host
/// ("file:///x"), a port that is not digits, or a host byte other than ASCII letters, digits,
/// '-', '.', '_' and bytes >= 0x80 (internationalised names as UTF-8 are kept as written).
std::optional<std::string> url_host(std::string_view url);

/// A host's 64-bit id: XXH3 of its name, never 0 (0 stands for "no host").
std::uint64_t host_id(std::string_view host);

}  // namespace neardup
