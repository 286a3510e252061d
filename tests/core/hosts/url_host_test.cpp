// url_host and host_id: schemes, userinfo, ports, case, www., IPv6 literals and garbage.
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

TEST(UrlHost, KeepsInternationalNamesAsWritten) {
  EXPECT_EQ(url_host("https://www.BÜCHER.example/"), "bÜcher.example");
  EXPECT_EQ(url_host("https://xn--bcher-kva.example/"), "xn--bcher-kva.example");
}

TEST(HostId, IsStableAndNeverZero) {
  EXPECT_EQ(host_id("example.com"), host_id("example.com"));
  EXPECT_NE(host_id("example.com"), host_id("example.org"));
  EXPECT_NE(host_id(""), 0u);
}

}  // namespace
}  // namespace neardup
