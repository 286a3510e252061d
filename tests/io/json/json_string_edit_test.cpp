// Rewriting one string field: the new text escaped into place, every other byte (spacing,
// key order, numbers as written, nested fields) unchanged.
#include "io/json/json_string_edit.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(JsonStringEdit, ReplacesTheValueAndKeepsEveryOtherByte) {
  JsonStringEdit edit("text");
  const std::string record = R"({"id": 1.50,  "text" :"old \"words\"\n", "x":[1, {"text":2}]})";
  EXPECT_EQ(edit.with_text(record, "new \"text\"\tend"),
            R"({"id": 1.50,  "text" :"new \"text\"\tend", "x":[1, {"text":2}]})");
  EXPECT_EQ(edit.with_text(record, ""), R"({"id": 1.50,  "text" :"", "x":[1, {"text":2}]})");
}

TEST(JsonStringEdit, WalksNestedPathsAndSaysWhenThereIsNoValue) {
  JsonStringEdit edit("meta.body");
  EXPECT_EQ(edit.with_text(R"({"meta":{"body":"a","n":1}})", "\xC3\xA9"),
            R"({"meta":{"body":"é","n":1}})");
  EXPECT_EQ(edit.with_text(R"({"meta":{"n":1}})", "x"), std::nullopt);
  EXPECT_EQ(edit.with_text(R"({"body":"a"})", "x"), std::nullopt);
}

}  // namespace
}  // namespace neardup
