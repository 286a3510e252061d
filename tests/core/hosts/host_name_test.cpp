// canonical_host_name: IDNA spellings of one name meet (Unicode and "xn--", any case, NFC or
// not, full-width), and names that are no host names are refused with their reason.
#include "core/hosts/host_name.hpp"

#include <gtest/gtest.h>

#include <string>

namespace neardup {
namespace {

std::string name_of(std::string_view host) {
  const CanonicalHost c = canonical_host_name(host);
  return c.problem == HostProblem::kNone ? c.name : std::string("!") + host_problem_name(c.problem);
}

TEST(HostName, SpellingsOfOneNameMeet) {
  for (const char* spelling :
       {"bücher.de", "xn--bcher-kva.de", "BÜCHER.de", "Bücher.DE", "XN--BCHER-KVA.de",
        "bu\u0308cher.de" /* NFD */, "bücher.de.", "ｂüｃｈｅｒ.de" /* full-width */,
        "bücher\u3002de" /* ideographic full stop */, "b\u00ADücher.de" /* soft hyphen */}) {
    EXPECT_EQ(name_of(spelling), "xn--bcher-kva.de") << spelling;
  }
  EXPECT_EQ(name_of("Example.COM"), "example.com");
  EXPECT_EQ(name_of("example.com."), "example.com");
  EXPECT_EQ(name_of("münchen.例え.jp"), "xn--mnchen-3ya.xn--r8jz45g.jp");
  EXPECT_EQ(name_of("ПРИМЕР.рф"), "xn--e1afmkfd.xn--p1ai");
  EXPECT_EQ(name_of("xn--e1afmkfd.xn--p1ai"), "xn--e1afmkfd.xn--p1ai");
  // Punycode written from unmapped text (upper-case Ü) meets the mapped name.
  EXPECT_EQ(name_of("xn--bcher-2pa.de"), "xn--bcher-kva.de");
  EXPECT_EQ(name_of("faß.de"), "fass.de");  // full case folding, as IDNA 2003
  EXPECT_EQ(name_of("my_host-1.example"), "my_host-1.example");
  EXPECT_EQ(name_of("192.0.2.1"), "192.0.2.1");
}

TEST(HostName, RefusesWhatIsNoHostName) {
  EXPECT_EQ(name_of("x..com"), "!empty_label");
  EXPECT_EQ(name_of(".com"), "!empty_label");
  EXPECT_EQ(name_of("."), "!empty_label");
  EXPECT_EQ(name_of("com.."), "!empty_label");
  EXPECT_EQ(name_of("\u00AD.com"), "!empty_label");  // a label of an ignorable alone
  EXPECT_EQ(name_of(std::string(63, 'a') + ".com"), std::string(63, 'a') + ".com");
  EXPECT_EQ(name_of(std::string(64, 'a') + ".com"), "!label_too_long");
  EXPECT_EQ(name_of(std::string(60, 'a') + "ü.com"), "!label_too_long");  // 63+ as xn--
  EXPECT_EQ(name_of("xn--" + std::string(60, 'a') + ".com"), "!label_too_long");
  // A label of the 20,992 CJK unified ideographs is refused before Punycode's quadratic
  // encoding.
  std::string huge;
  for (unsigned c = 0x4E00; c <= 0x9FFF; ++c) {
    huge += static_cast<char>(0xE0 | (c >> 12));
    huge += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    huge += static_cast<char>(0x80 | (c & 0x3F));
  }
  EXPECT_EQ(name_of(huge + ".com"), "!label_too_long");
  std::string long_name;
  for (int i = 0; i < 50; ++i) long_name += "abcd.";
  EXPECT_EQ(name_of(long_name + "abc"), long_name + "abc");  // 253 bytes
  EXPECT_EQ(name_of(long_name + "abcd"), "!host_too_long");
  EXPECT_EQ(name_of(long_name + "abc."), long_name + "abc");  // the trailing dot not counted
  EXPECT_EQ(name_of("exa mple.com"), "!bad_character");
  EXPECT_EQ(name_of("a%2eb.com"), "!bad_character");
  EXPECT_EQ(name_of("ｅｘａｍｐｌｅ／.com"), "!bad_character");  // a full-width '/'
  EXPECT_EQ(name_of("b\xC3.com"), "!bad_character");             // not UTF-8
  EXPECT_EQ(name_of(std::string_view("a\0b.com", 7)), "!bad_character");
  EXPECT_EQ(name_of("xn--bcher-kv.de"), "!bad_punycode");  // truncated
  EXPECT_EQ(name_of("xn--abc-.de"), "!bad_punycode");      // decodes to ASCII "abc"
  EXPECT_EQ(name_of("xn--.de"), "!bad_punycode");
  EXPECT_EQ(name_of("xn--ü.de"), "!bad_punycode");
}

}  // namespace
}  // namespace neardup
