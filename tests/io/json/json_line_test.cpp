// JsonLineParser: text and id extraction by dotted path, repair of invalid UTF-8 and raw
// control characters, and every skip reason.
#include "io/json/json_line.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace neardup {
namespace {

using namespace std::string_literals;

TEST(JsonLineParser, ExtractsTextAndStringId) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"id": "a1", "text": "Hello \"world\"\n"})", out), LineStatus::kOk);
  EXPECT_EQ(out.text, "Hello \"world\"\n");
  EXPECT_TRUE(out.has_id);
  EXPECT_EQ(out.id, "a1");
}

std::string id_of(const std::string& line, const std::string& id_field = "id") {
  JsonLineParser parser("text", id_field);
  ParsedLine out;
  EXPECT_EQ(parser.parse(line, out), LineStatus::kOk) << line;
  return out.has_id ? out.id : "<none>";
}

TEST(JsonLineParser, ReadsTheHostFieldWhenItIsAString) {
  JsonLineParser parser("text", "id", "meta.url");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"text": "a", "meta": {"url": "http://x.org/\u0041"}})", out),
            LineStatus::kOk);
  EXPECT_EQ(out.host_url, "http://x.org/A");
  for (const char* line : {R"({"text": "a", "meta": {"url": 7}})", R"({"text": "a", "meta": 1})",
                           R"({"text": "a"})"}) {
    ASSERT_EQ(parser.parse(line, out), LineStatus::kOk) << line;
    EXPECT_EQ(out.host_url, "") << line;
  }
  JsonLineParser without("text", "id");
  ASSERT_EQ(without.parse(R"({"text": "a", "url": "http://x.org/"})", out), LineStatus::kOk);
  EXPECT_EQ(out.host_url, "");
}

TEST(JsonLineParser, NumericIdIsItsJsonTextAsWritten) {
  EXPECT_EQ(id_of(R"({"id": 12345678901, "text": "x"})"), "12345678901");
  EXPECT_EQ(id_of(R"({"id": 12, "text": "x"})"), "12");
  EXPECT_EQ(id_of(R"({"id": -7, "text": "x"})"), "-7");
  EXPECT_EQ(id_of(R"({"id": 0, "text": "x"})"), "0");
  EXPECT_EQ(id_of(R"({"id": -0, "text": "x"})"), "-0");
  EXPECT_EQ(id_of(R"({"id": 18446744073709551615, "text": "x"})"), "18446744073709551615");
  EXPECT_EQ(id_of(R"({"id": 1.50, "text": "x"})"), "1.50");
  EXPECT_EQ(id_of(R"({"text": "x", "id": 1E5})"), "1E5");
  EXPECT_EQ(id_of(R"({"text": "x", "id":-2.5e-3})"), "-2.5e-3");
  EXPECT_EQ(id_of(R"({"text": "x", "id": 0.0 })"), "0.0");
  EXPECT_EQ(id_of("{\"text\": \"x\", \"id\": 3.0}\r"), "3.0");
  EXPECT_EQ(id_of(R"({"meta": {"n": 2.50}, "text": "x"})", "meta.n"), "2.50");
  EXPECT_EQ(id_of(R"({"id": "a\"b", "text": "x"})"), "a\"b");
}

// simdjson's DOM holds no integer beyond 64 bits and no value beyond double's range; such
// numbers are still valid JSON, and an id keeps its text as written.
TEST(JsonLineParser, NumbersOfAnySizeAreValid) {
  EXPECT_EQ(id_of(R"({"id": 123456789012345678901234567890, "text": "x"})"),
            "123456789012345678901234567890");
  EXPECT_EQ(id_of(R"({"id": -123456789012345678901234567890, "text": "x"})"),
            "-123456789012345678901234567890");
  EXPECT_EQ(id_of(R"({"id": 18446744073709551616, "text": "x"})"), "18446744073709551616");
  EXPECT_EQ(id_of(R"({"text": "x", "id": 1e400})"), "1e400");
  EXPECT_EQ(id_of(R"({"text": "x", "id": -1.5E+400 })"), "-1.5E+400");
  EXPECT_EQ(id_of(R"({"m": {"n": 99999999999999999999.5e999}, "text": "x"})", "m.n"),
            "99999999999999999999.5e999");
  // Elsewhere in the record they change nothing; the other fields are read as usual.
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"n": [1e400, 123456789012345678901234567890], "id": 7, "s": "1e400",)"
                         R"( "text": "t 1e400 \"x\" 99999999999999999999999"})",
                         out),
            LineStatus::kOk);
  EXPECT_EQ(out.text, R"(t 1e400 "x" 99999999999999999999999)");
  EXPECT_EQ(out.id, "7");
  // With invalid UTF-8 too, both repairs apply.
  ASSERT_EQ(parser.parse("{\"id\": 1e400, \"text\": \"a\xFF\"}", out), LineStatus::kOk);
  EXPECT_EQ(out.id, "1e400");
  EXPECT_EQ(out.text, "a\xEF\xBF\xBD");
  // A big number as the text is still no string.
  EXPECT_EQ(parser.parse(R"({"text": 123456789012345678901234567890})", out),
            LineStatus::kTextNotString);
}

TEST(JsonLineParser, InvalidNumbersStayMalformed) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  for (const char* line :
       {R"({"text": "x", "n": 01})", R"({"text": "x", "n": 1.})", R"({"text": "x", "n": -})",
        R"({"text": "x", "n": 1e})", R"({"text": "x", "n": +1})", R"({"text": "x", "n": .5})",
        R"({"text": "x", "n": 1e400, "m": 01})", R"({"text": "x", "n": 1e400 2})",
        R"({"text": "x", "n": 123456789012345678901234567890x})",
        R"(123456789012345678901234567890)"}) {
    EXPECT_EQ(parser.parse(line, out), LineStatus::kMalformedJson) << line;
  }
}

TEST(JsonLineParser, CheckGivesTheRecordAsRead) {
  JsonLineParser parser("text", "id");
  std::string_view source;
  EXPECT_EQ(parser.check("\xEF\xBB\xBF{\"r\": [1e400]}", source), LineStatus::kOk);
  EXPECT_EQ(source, "{\"r\": [1e400]}");
  EXPECT_EQ(parser.check("{\"r\": \"\xFF\"}", source), LineStatus::kOk);
  EXPECT_EQ(source, "{\"r\": \"\xEF\xBF\xBD\"}");
  EXPECT_EQ(parser.check(" ", source), LineStatus::kBlankLine);
  EXPECT_EQ(parser.check("[1]", source), LineStatus::kMalformedJson);
}

TEST(JsonLineParser, OtherIdTypesAreAbsent) {
  EXPECT_EQ(id_of(R"({"id": true, "text": "x"})"), "<none>");
  EXPECT_EQ(id_of(R"({"id": [1], "text": "x"})"), "<none>");
  EXPECT_EQ(id_of(R"({"id": {"a": 1}, "text": "x"})"), "<none>");
  EXPECT_EQ(id_of(R"({"meta": 5, "text": "x"})", "meta.url"), "<none>");
}

TEST(JsonLineParser, MissingOrNullIdIsAbsent) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"text": "x"})", out), LineStatus::kOk);
  EXPECT_FALSE(out.has_id);
  ASSERT_EQ(parser.parse(R"({"id": null, "text": "x"})", out), LineStatus::kOk);
  EXPECT_FALSE(out.has_id);
}

TEST(JsonLineParser, DottedPathsReachNestedFields) {
  JsonLineParser parser("doc.body", "meta.url");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"meta": {"url": "http://x"}, "doc": {"body": "b"}})", out),
            LineStatus::kOk);
  EXPECT_EQ(out.text, "b");
  EXPECT_EQ(out.id, "http://x");
  EXPECT_EQ(parser.parse(R"({"doc": "not an object"})", out), LineStatus::kMissingText);
  EXPECT_EQ(parser.parse(R"({"doc": {"title": "b"}, "meta": {"url": "u"}})", out),
            LineStatus::kMissingText);
  EXPECT_EQ(parser.parse(R"({"text": "b"})", out), LineStatus::kMissingText);
}

TEST(JsonLineParser, DeepPathMissingIsMissingText) {
  JsonLineParser parser("a.b.c", "meta.url");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"a": {"b": {"c": "deep"}}, "meta": {"url": 7}})", out),
            LineStatus::kOk);
  EXPECT_EQ(out.text, "deep");
  EXPECT_EQ(out.id, "7");
  EXPECT_EQ(parser.parse(R"({"a": {"b": {"d": "x"}}})", out), LineStatus::kMissingText);
  EXPECT_EQ(parser.parse(R"({"a": {"b": "x"}})", out), LineStatus::kMissingText);
  EXPECT_EQ(parser.parse(R"({"a": {}})", out), LineStatus::kMissingText);
  EXPECT_EQ(parser.parse(R"({"a": {"b": {"c": ["x"]}}})", out), LineStatus::kTextNotString);
}

TEST(JsonLineParser, SkipReasons) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  EXPECT_EQ(parser.parse("", out), LineStatus::kBlankLine);
  EXPECT_EQ(parser.parse(" \t\r", out), LineStatus::kBlankLine);
  EXPECT_EQ(parser.parse("not json", out), LineStatus::kMalformedJson);
  EXPECT_EQ(parser.parse(R"({"text": "ok", "x": ])", out), LineStatus::kMalformedJson);
  EXPECT_EQ(parser.parse(R"(["text"])", out), LineStatus::kMalformedJson);
  EXPECT_EQ(parser.parse(R"("just a string")", out), LineStatus::kMalformedJson);
  EXPECT_EQ(parser.parse(R"({"id": "x"})", out), LineStatus::kMissingText);
  EXPECT_EQ(parser.parse(R"({"text": 5})", out), LineStatus::kTextNotString);
  EXPECT_EQ(parser.parse(R"({"text": null})", out), LineStatus::kTextNotString);
}

// A skipped JSON object is still named: its id and the record as read are given whatever its
// text holds; a line that is no JSON object has neither.
TEST(JsonLineParser, SkippedObjectsKeepTheirIdAndRecord) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"id": 1.50, "body": "x"})", out), LineStatus::kMissingText);
  EXPECT_TRUE(out.has_id);
  EXPECT_EQ(out.id, "1.50");
  EXPECT_EQ(out.record, R"({"id": 1.50, "body": "x"})");
  ASSERT_EQ(parser.parse(R"({"id": "q", "text": ["x"]})", out), LineStatus::kTextNotString);
  EXPECT_EQ(out.id, "q");
  ASSERT_EQ(parser.parse("{\"id\": \"\xFF\", \"text\": \"t\"}", out), LineStatus::kOk);
  EXPECT_EQ(out.record, "{\"id\": \"\xEF\xBF\xBD\", \"text\": \"t\"}");
  for (const char* line : {"{\"id\": \"q\"", "", "[1]"}) {
    EXPECT_NE(parser.parse(line, out), LineStatus::kOk);
    EXPECT_FALSE(out.has_id) << line;
    EXPECT_TRUE(out.record.empty()) << line;
  }
}

const std::string kReplacement = "\xEF\xBF\xBD";

std::string text_of(const std::string& line, LineStatus expected = LineStatus::kOk) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  EXPECT_EQ(parser.parse(line, out), expected) << line;
  return std::string(out.text);
}

TEST(JsonLineParser, ByteOrderMarkIsIgnored) {
  EXPECT_EQ(text_of("\xEF\xBB\xBF{\"text\": \"a\"}"), "a");
  EXPECT_EQ(text_of("\xEF\xBB\xBF", LineStatus::kBlankLine), "");
}

TEST(JsonLineParser, InvalidUtf8IsReplacedByteByByte) {
  EXPECT_EQ(text_of("{\"text\": \"a\x80z\"}"), "a" + kReplacement + "z");  // lone continuation
  EXPECT_EQ(text_of("{\"text\": \"a\xE2\x82z\"}"),                         // truncated
            "a" + kReplacement + kReplacement + "z");
  EXPECT_EQ(text_of("{\"text\": \"a\xE2\x82\"}"), "a" + kReplacement + kReplacement);
  EXPECT_EQ(text_of("{\"text\": \"\xC0\x80\"}"), kReplacement + kReplacement);  // overlong
  EXPECT_EQ(text_of("{\"text\": \"\xFF\"}"), kReplacement);
  EXPECT_EQ(text_of("{\"text\": \"\xED\xA0\x80\"}"),  // a surrogate
            kReplacement + kReplacement + kReplacement);
  EXPECT_EQ(text_of("{\"text\": \"\xF4\x90\x80\x80\"}"),  // above U+10FFFF
            kReplacement + kReplacement + kReplacement + kReplacement);
  // Well-formed sequences around the bad byte are kept.
  EXPECT_EQ(text_of("{\"text\": \"\xC3\xBC\xFF\xF0\x9F\x98\x80\xE2\x82\xAC\"}"),
            "\xC3\xBC" + kReplacement + "\xF0\x9F\x98\x80\xE2\x82\xAC");
  // In a key or another field, too, and the id still comes as written.
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse("{\"k\xFF\": 1, \"id\": 1.50, \"text\": \"t\"}", out), LineStatus::kOk);
  EXPECT_EQ(out.text, "t");
  EXPECT_EQ(out.id, "1.50");
  EXPECT_EQ(out.invalid_utf8_bytes, 1u);  // counted wherever it is in the record
}

TEST(JsonLineParser, ReplacedBytesAreCounted) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  // A truncated 3-byte sequence (2 bytes), a lone continuation byte and 0xFF: 4 bytes.
  ASSERT_EQ(parser.parse("{\"text\": \"a\xE2\x82 \x80 \xFF\"}", out), LineStatus::kOk);
  EXPECT_EQ(out.invalid_utf8_bytes, 4u);
  // A control character alone is repaired but is no UTF-8 error; a clean line counts none.
  ASSERT_EQ(parser.parse("{\"text\": \"a\x01\"}", out), LineStatus::kOk);
  EXPECT_EQ(out.invalid_utf8_bytes, 0u);
  ASSERT_EQ(parser.parse(R"({"text": "\u00e9t\u00e9 caf\u00e9"})", out), LineStatus::kOk);
  EXPECT_EQ(out.invalid_utf8_bytes, 0u);
}

TEST(JsonLineParser, RawControlCharactersInStringsBecomeSpaces) {
  EXPECT_EQ(text_of("{\"text\": \"a\0b\x01z\"}"s), "a b z");
  EXPECT_EQ(text_of("{\"text\": \"tab\there\nnew\x1F\"}"), "tab here new ");
  EXPECT_EQ(text_of("{\"text\": \"q\\\"\x01\\\\\x02\"}"), "q\" \\ ");  // escapes tracked
  EXPECT_EQ(text_of("{\"id\": \"i\0d\", \"text\": \"x\"}"s), "x");
  EXPECT_EQ(id_of("{\"id\": \"i\0d\", \"text\": \"x\"}"s), "i d");
  EXPECT_EQ(text_of("{\"text\": \"\xFF\x01\"}"), kReplacement + " ");  // both repairs at once
}

TEST(JsonLineParser, ControlCharactersOutsideStringsStayMalformed) {
  text_of("{\"text\": \"a\",\0\"x\": 1}"s, LineStatus::kMalformedJson);
  text_of("{\"text\": \"a\"}\0"s, LineStatus::kMalformedJson);
  text_of("{\"text\": \"a\"\x01}", LineStatus::kMalformedJson);
  text_of("{\"text\": \"a\x01\", \"x\": ]}", LineStatus::kMalformedJson);  // broken after repair
  text_of("{\"text\":\t\"a\"}\r", LineStatus::kOk);  // tab and CR are whitespace
}

TEST(JsonLineParser, ParserIsReusableAfterARepair) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse("{\"text\": \"\xFF\", \"id\": 1}", out), LineStatus::kOk);
  EXPECT_EQ(out.text, kReplacement);
  ASSERT_EQ(parser.parse(R"({"text": "clean"})", out), LineStatus::kOk);
  EXPECT_EQ(out.text, "clean");
  EXPECT_FALSE(out.has_id);
}

TEST(JsonLineParser, CrLfAndUtf8AreFine) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse("{\"text\": \"Gr\xc3\xbc\xc3\x9f\x65\"}\r", out), LineStatus::kOk);
  EXPECT_EQ(out.text, "Gr\xc3\xbc\xc3\x9f\x65");
}

TEST(JsonLineParser, StatusNamesAreStable) {
  EXPECT_STREQ(line_status_name(LineStatus::kMalformedJson), "malformed_json");
  EXPECT_STREQ(line_status_name(LineStatus::kBlankLine), "blank_line");
  EXPECT_STREQ(line_status_name(LineStatus::kMissingText), "missing_text");
  EXPECT_STREQ(line_status_name(LineStatus::kTextNotString), "text_not_string");
}

}  // namespace
}  // namespace neardup
