// A URL's host, normalised so that the pages of one site share it, and its 64-bit id.
#include "core/hosts/url_host.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cstdint>

namespace neardup {
namespace {

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; }

// `text` without leading and trailing ASCII whitespace.
std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// The authority of an absolute or scheme-relative URL (between "//" and the path, query or
// fragment), or nullopt when `url` is neither.
std::optional<std::string_view> authority_of(std::string_view url) {
  std::size_t at = 0;
  if (!url.starts_with("//")) {
    if (url.empty() || !is_alpha(url.front())) return std::nullopt;
    at = 1;
    while (at < url.size() && (is_alpha(url[at]) || is_digit(url[at]) || url[at] == '+' ||
                               url[at] == '-' || url[at] == '.')) {
      ++at;
    }
    if (url.substr(at, 3) != "://") return std::nullopt;
    ++at;
  }
  url.remove_prefix(at + 2);
  return url.substr(0, url.find_first_of("/?#\\"));
}

// Whether `port` (after the host's ':') is a port: nothing, or digits worth at most 65535.
bool valid_port(std::string_view port) {
  std::uint32_t value = 0;
  for (const char c : port) {
    if (!is_digit(c)) return false;
    value = value * 10 + static_cast<std::uint32_t>(c - '0');
    if (value > 65535) return false;
  }
  return true;
}

// Whether an IPv6 literal's inside (between the brackets) looks like one: hex digits, ':' and
// '.' (an embedded IPv4 address), with at least one ':'.
bool valid_ipv6(std::string_view inside) {
  return inside.find(':') != std::string_view::npos &&
         std::all_of(inside.begin(), inside.end(), [](char c) {
           return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' ||
                  c == '.';
         });
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The host of `authority` (userinfo already dropped) with its port dropped, canonical, or the
// problem with it.
CanonicalHost host_of(std::string_view authority) {
  std::string_view host = authority, port;
  if (authority.starts_with('[')) {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos || !valid_ipv6(authority.substr(1, close - 1))) {
      return {"", HostProblem::kBadIpv6};
    }
    host = authority.substr(0, close + 1);
    const std::string_view rest = authority.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return {"", HostProblem::kBadIpv6};
    port = rest.empty() ? rest : rest.substr(1);
  } else if (const std::size_t colon = authority.find(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  if (host.empty()) return {"", HostProblem::kNoHost};
  if (!valid_port(port)) return {"", HostProblem::kBadPort};
  CanonicalHost name = host.front() == '[' ? CanonicalHost{lower(host), HostProblem::kNone}
                                           : canonical_host_name(host);
  if (name.name.starts_with("www.") && name.name.find('.', 4) != std::string::npos) {
    name.name.erase(0, 4);
  }
  return name;
}

}  // namespace

std::optional<std::string> url_host(std::string_view url, HostProblem* problem) {
  std::optional<std::string_view> authority = authority_of(trimmed(url));
  CanonicalHost host{"", HostProblem::kNoHost};
  if (authority) {
    const std::size_t at = authority->rfind('@');
    if (at != std::string_view::npos) authority->remove_prefix(at + 1);
    if (!authority->empty()) host = host_of(*authority);
  }
  if (problem != nullptr) *problem = host.problem;
  if (host.problem != HostProblem::kNone) return std::nullopt;
  return std::move(host.name);
}

std::uint64_t host_id(std::string_view host) {
  const std::uint64_t id = XXH3_64bits(host.data(), host.size());
  return id < kFirstHostId ? id + kFirstHostId : id;
}

}  // namespace neardup
