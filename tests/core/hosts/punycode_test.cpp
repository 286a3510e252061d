// Punycode against the sample strings of RFC 3492, section 7.1 (checked against Python's
// "punycode" codec as well), both ways, and inputs that are no Punycode.
#include "core/hosts/punycode.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace neardup {
namespace {

struct Sample {
  const char* name;
  std::u32string unicode;
  std::string punycode;
};

// RFC 3492, 7.1 (A) to (S).
const std::vector<Sample>& rfc_samples() {
  static const std::vector<Sample> samples = {
      {"A Arabic",
       U"\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628"
       U"\u064A\u061F",
       "egbpdaj6bu4bxfgehfvwxn"},
      {"B Chinese simplified", U"他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"},
      {"C Chinese traditional", U"他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"},
      {"D Czech", U"Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"},
      {"E Hebrew", U"למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"},
      {"F Hindi", U"यहलोगहिन्दीक्योंनहींबोलसकतेहैं", "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
      {"G Japanese", U"なぜみんな日本語を話してくれないのか",
       "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
      {"H Korean", U"세계의모든사람들이한국어를이해한다면얼마나좋을까",
       "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
      {"I Russian", U"почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
      {"J Spanish", U"PorquénopuedensimplementehablarenEspañol",
       "PorqunopuedensimplementehablarenEspaol-fmd56a"},
      {"K Vietnamese", U"TạisaohọkhôngthểchỉnóitiếngViệt",
       "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
      {"L", U"3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"},
      {"M", U"安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
      {"N", U"Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
      {"O", U"ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"},
      {"P", U"MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"},
      {"Q", U"パフィーdeルンバ", "de-jg4avhby1noc0d"},
      {"R", U"そのスピードで", "d9juau41awczczp"},
      {"S", U"-> $1.00 <-", "-> $1.00 <--"},
  };
  return samples;
}

TEST(Punycode, EncodesTheRfcSamples) {
  for (const Sample& s : rfc_samples()) EXPECT_EQ(punycode_encode(s.unicode), s.punycode) << s.name;
}

TEST(Punycode, DecodesTheRfcSamples) {
  for (const Sample& s : rfc_samples()) EXPECT_EQ(punycode_decode(s.punycode), s.unicode) << s.name;
  // The RFC writes (I) with a mixed-case annotation: digits are read in either case.
  EXPECT_EQ(punycode_decode("b1abfaaepdrnnbgefbaDotcwatmq2g4l"), rfc_samples()[8].unicode);
}

TEST(Punycode, HostLabels) {
  EXPECT_EQ(punycode_encode(U"bücher"), "bcher-kva");
  EXPECT_EQ(punycode_decode("bcher-kva"), U"bücher");
  EXPECT_EQ(punycode_encode(U"ü"), "tda");
  EXPECT_EQ(punycode_encode(U"abc"), "abc-");
  EXPECT_EQ(punycode_encode(U""), "");
  EXPECT_EQ(punycode_encode(U"😀"), "e28h");  // beyond the BMP
  EXPECT_EQ(punycode_decode("e28h"), U"😀");
}

TEST(Punycode, RefusesWhatIsNoPunycode) {
  EXPECT_EQ(punycode_decode("bcher-kv"), std::nullopt);        // a truncated integer
  EXPECT_EQ(punycode_decode("b\xc3\xbc-kva"), std::nullopt);   // not ASCII
  EXPECT_EQ(punycode_decode("bcher-k!a"), std::nullopt);       // not a digit
  EXPECT_EQ(punycode_decode("-abc"), std::nullopt);            // '-' is no digit
  EXPECT_EQ(punycode_decode("99999999999999"), std::nullopt);  // overflows or ends early
  EXPECT_EQ(punycode_decode("zzzzzz"), std::nullopt);          // ends within an integer
  const std::u32string surrogate(1, static_cast<char32_t>(0xD800));
  EXPECT_EQ(punycode_encode(surrogate), std::nullopt);
  const std::u32string too_large(1, static_cast<char32_t>(0x110000));
  EXPECT_EQ(punycode_encode(too_large), std::nullopt);
}

}  // namespace
}  // namespace neardup
