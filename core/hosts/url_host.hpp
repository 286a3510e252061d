// A URL's host, normalised so that the pages of one site share it, and its 64-bit id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/hosts/host_name.hpp"

namespace neardup {

/// The host of an absolute URL ("scheme://authority/...") or of a scheme-relative one
/// ("//authority/..."), in its canonical form (host_name.hpp, canonical_host_name: Unicode
/// labels mapped and Punycode-encoded, ASCII lower-cased, one trailing dot dropped), userinfo
/// ("user:pass@") and port (":8080") dropped, and a leading "www." dropped when a dot remains
/// ("www.example.com" -> "example.com", "www.com" stays). An IPv6 literal keeps its brackets
/// ("[2001:db8::1]"). Surrounding ASCII whitespace is ignored. nullopt when `url` gives no
/// host, and then `*problem` (when given) says why: kNoHost for no scheme (a relative
/// reference such as "example.com/a") or an empty host ("file:///x"); otherwise the host is
/// invalid: a port that is not digits or over 65535, a bracketed literal that is no IPv6
/// address, or canonical_host_name's problem (an empty or overlong label, an overlong name, a
/// byte no host name holds, a bad "xn--" label). `*problem` is kNone when a host is returned.
std::optional<std::string> url_host(std::string_view url, HostProblem* problem = nullptr);

/// Ids below this stand for documents without a host (host_problem_id); host_id is never below.
inline constexpr std::uint64_t kFirstHostId = 16;

/// A host's 64-bit id: XXH3 of its name, never below kFirstHostId.
std::uint64_t host_id(std::string_view host);

/// The id a document gets when its URL gives no host: 0 for kNoHost (no URL with a host), the
/// problem's value (below kFirstHostId) for an invalid host.
inline std::uint64_t host_problem_id(HostProblem problem) {
  return problem == HostProblem::kNoHost ? 0 : static_cast<std::uint64_t>(problem);
}

/// Whether `id` is a host's (host_id), not a document's without one (host_problem_id).
inline bool is_host_id(std::uint64_t id) { return id >= kFirstHostId; }

}  // namespace neardup
