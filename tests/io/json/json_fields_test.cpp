// describe_json_fields: where a text path stops in a record, its keys, and its longest string.
#include "io/json/json_fields.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(JsonFields, MissingTopLevelFieldListsTheKeysAndTheLongestString) {
  EXPECT_EQ(describe_json_fields(R"({"id": 7, "content": {"title": "ab", "body": "a longer one"}})",
                                 "text"),
            "no \"text\" in the record; its keys: id, content; the longest string is at "
            "content.body");
}

TEST(JsonFields, NestedPathsSayWhereTheyStop) {
  const char* record = R"({"meta": {"url": "u"}, "n": 3})";
  EXPECT_EQ(describe_json_fields(record, "meta.body"),
            "no \"body\" in \"meta\"; its keys: url; the longest string is at meta.url");
  EXPECT_EQ(describe_json_fields(record, "n.text"),
            "\"n\" is a number, not an object; the longest string is at meta.url");
  EXPECT_EQ(describe_json_fields(record, "meta"),
            "\"meta\" is an object; the longest string is "
            "at meta.url");
}

TEST(JsonFields, ManyKeysAreCutAndNonObjectsGiveNothing) {
  std::string record = "{";
  for (int i = 0; i < 20; ++i) record += (i ? ", " : "") + ("\"k" + std::to_string(i) + "\": 1");
  record += "}";
  EXPECT_EQ(describe_json_fields(record, "text"),
            "no \"text\" in the record; its keys: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, "
            "k11, ...");
  EXPECT_EQ(describe_json_fields("[1, 2]", "text"), "");
  EXPECT_EQ(describe_json_fields("{not json", "text"), "");
  EXPECT_EQ(describe_json_fields("{}", "text"), "no \"text\" in the record; its keys: none");
}

}  // namespace
}  // namespace neardup
