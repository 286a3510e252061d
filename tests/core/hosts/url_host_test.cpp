// url_host and host_id: schemes, userinfo, ports, case, www., IPv6 literals, internationalised
// names, invalid hosts with their reasons, and garbage.
#include "core/hosts/url_host.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(UrlHost, NormalisesCaseWwwPortAndUserinfo) {
  EXPECT_EQ(url_host("https://www.Example.COM/a/b?c#d"), "example.com");
  EXPECT_EQ(url_host("http://example.com:8080/x"), "example.com");
  EXPECT_EQ(url_host("http://user:secret@WWW.example.com:80"), "example.com");
  EXPECT_EQ(url_host("ftp://a@b@example.org/"), "example.org");
  EXPECT_EQ(url_host("http://example.com./"), "example.com");
  EXPECT_EQ(url_host("http://example.com?q=1"), "example.com");
  EXPECT_EQ(url_host("http://example.com#top"), "example.com");
  EXPECT_EQ(url_host("  https://blog.example.com/  "), "blog.example.com");
  EXPECT_EQ(url_host("git+ssh://host.example/repo"), "host.example");
  EXPECT_EQ(url_host("http://example.com:/x"), "example.com");
}

TEST(UrlHost, DropsWwwOnlyWhenADotRemains) {
  EXPECT_EQ(url_host("http://www.com/"), "www.com");
  EXPECT_EQ(url_host("http://www2.example.com/"), "www2.example.com");
  EXPECT_EQ(url_host("http://wwwexample.com/"), "wwwexample.com");
}

TEST(UrlHost, KeepsIpLiterals) {
  EXPECT_EQ(url_host("http://[2001:DB8::1]:8080/x"), "[2001:db8::1]");
  EXPECT_EQ(url_host("http://[::1]/"), "[::1]");
  EXPECT_EQ(url_host("http://[::ffff:192.0.2.1]"), "[::ffff:192.0.2.1]");
  EXPECT_EQ(url_host("http://192.0.2.1:8000/"), "192.0.2.1");
  EXPECT_EQ(url_host("http://[::1"), std::nullopt);
  EXPECT_EQ(url_host("http://[::1]x/"), std::nullopt);
  EXPECT_EQ(url_host("http://[nothex]/"), std::nullopt);
}

TEST(UrlHost, SchemeRelativeUrlsHaveAHostRelativeReferencesDoNot) {
  EXPECT_EQ(url_host("//cdn.example.net/x.js"), "cdn.example.net");
  EXPECT_EQ(url_host("example.com/page"), std::nullopt);
  EXPECT_EQ(url_host("www.example.com"), std::nullopt);
  EXPECT_EQ(url_host("/path/only"), std::nullopt);
  EXPECT_EQ(url_host("mailto:someone@example.com"), std::nullopt);
}

TEST(UrlHost, GarbageHasNoHost) {
  EXPECT_EQ(url_host(""), std::nullopt);
  EXPECT_EQ(url_host("   "), std::nullopt);
  EXPECT_EQ(url_host("http://"), std::nullopt);
  EXPECT_EQ(url_host("file:///etc/passwd"), std::nullopt);
  EXPECT_EQ(url_host("http://user@/x"), std::nullopt);
  EXPECT_EQ(url_host("http://exa mple.com/"), std::nullopt);
  EXPECT_EQ(url_host("http://example.com:80a/"), std::nullopt);
  EXPECT_EQ(url_host("http://:80/"), std::nullopt);
  EXPECT_EQ(url_host("http://./"), std::nullopt);
  EXPECT_EQ(url_host("1http://example.com"), std::nullopt);
  EXPECT_EQ(url_host("http:/example.com"), std::nullopt);
  EXPECT_EQ(url_host(std::string_view("http://a\0b.com", 14)), std::nullopt);
}

TEST(HostId, IsStableAndNeverAProblemsId) {
  EXPECT_EQ(host_id("example.com"), host_id("example.com"));
  EXPECT_NE(host_id("example.com"), host_id("example.org"));
  EXPECT_NE(host_id(""), 0u);
}

TEST(UrlHost, InternationalisedNamesMeetInTheirAsciiForm) {
  EXPECT_EQ(url_host("https://bücher.de/a"), "xn--bcher-kva.de");
  EXPECT_EQ(url_host("https://xn--bcher-kva.de/b"), "xn--bcher-kva.de");
  EXPECT_EQ(url_host("http://WWW.BÜCHER.de:8080/"), "xn--bcher-kva.de");
  EXPECT_EQ(url_host("https://www.BÜCHER.example/"), "xn--bcher-kva.example");
  EXPECT_EQ(url_host("http://user@bücher.de./"), "xn--bcher-kva.de");
  EXPECT_EQ(host_id(*url_host("https://bücher.de")), host_id(*url_host("http://xn--bcher-kva.de")));
}

// Invalid hosts give no host and say why; a URL without a host says so too.
TEST(UrlHost, InvalidHostsNameTheirProblem) {
  const auto problem = [](std::string_view url) {
    HostProblem p = HostProblem::kNone;
    const std::optional<std::string> host = url_host(url, &p);
    EXPECT_EQ(host.has_value(), p == HostProblem::kNone) << url;
    return std::string(host ? *host : host_problem_name(p));
  };
  EXPECT_EQ(problem("http://x..com/"), "empty_label");
  EXPECT_EQ(problem("http://.com/"), "empty_label");
  EXPECT_EQ(problem("http://x.com:99999999999999999999/"), "bad_port");
  EXPECT_EQ(problem("http://x.com:65536/"), "bad_port");
  EXPECT_EQ(problem("http://x.com:65535/"), "x.com");
  EXPECT_EQ(problem("http://x.com:0/"), "x.com");
  EXPECT_EQ(problem("http://x.com:00080/"), "x.com");
  EXPECT_EQ(problem("http://x.com:-1/"), "bad_port");
  EXPECT_EQ(problem("http://[::1]:70000/"), "bad_port");
  EXPECT_EQ(problem("http://" + std::string(64, 'a') + ".com/"), "label_too_long");
  EXPECT_EQ(problem("http://[nothex]/"), "bad_ipv6");
  EXPECT_EQ(problem("http://exa mple.com/"), "bad_character");
  EXPECT_EQ(problem("http://xn--zz.com/"), "bad_punycode");
  EXPECT_EQ(problem("example.com/page"), "no_host");
  EXPECT_EQ(problem("file:///etc/passwd"), "no_host");
  EXPECT_EQ(problem(""), "no_host");
}

TEST(UrlHost, IdsOfHostsAndOfProblemsNeverMeet) {
  EXPECT_EQ(host_problem_id(HostProblem::kNoHost), 0u);
  for (std::size_t p = 2; p < kHostProblemCount; ++p) {
    const std::uint64_t id = host_problem_id(static_cast<HostProblem>(p));
    EXPECT_GT(id, 0u);
    EXPECT_FALSE(is_host_id(id));
  }
  for (const char* host : {"example.com", "a", "", "xn--bcher-kva.de"}) {
    EXPECT_TRUE(is_host_id(host_id(host))) << host;
  }
}

}  // namespace
}  // namespace neardup
