// JsonLineParser: text and id extraction by dotted path, and every skip reason.
#include "io/json_line.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(JsonLineParser, ExtractsTextAndStringId) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"id": "a1", "text": "Hello \"world\"\n"})", out), LineStatus::kOk);
  EXPECT_EQ(out.text, "Hello \"world\"\n");
  EXPECT_TRUE(out.has_id);
  EXPECT_EQ(out.id, "a1");
}

TEST(JsonLineParser, NumericIdIsItsJsonText) {
  JsonLineParser parser("text", "id");
  ParsedLine out;
  ASSERT_EQ(parser.parse(R"({"id": 12345678901, "text": "x"})", out), LineStatus::kOk);
  EXPECT_EQ(out.id, "12345678901");
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
