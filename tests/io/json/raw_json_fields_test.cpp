// RawJsonFields: the values at dotted paths of a record given exactly as the record writes
// them (objects, arrays, escaped strings, numbers of any size), absent fields as nullopt.
#include "io/json/raw_json_fields.hpp"

#include <gtest/gtest.h>

#include <string>

namespace neardup {
namespace {

using Values = std::vector<std::optional<std::string_view>>;

// The values as strings, "<absent>" for nullopt.
std::vector<std::string> read(const std::vector<std::string>& paths, const std::string& record) {
  RawJsonFields fields(paths);
  std::vector<std::string> out;
  for (const std::optional<std::string_view>& value : fields.read(record)) {
    out.push_back(value ? std::string(*value) : "<absent>");
  }
  return out;
}

TEST(RawJsonFields, ValuesAreTheirJsonTextAsWritten) {
  const std::string record =
      R"({"id": 7, "score":1.50 , "big": 123456789012345678901234567890, "e": -2.5E-3,)"
      R"( "s": "a\"b\u00e9\n", "t": true, "n": null,)"
      R"( "meta": {"url": "http://x", "tags": [1, "two", {"k": 0.10}] }, "empty": {}})";
  EXPECT_EQ(read({"score", "big", "e", "s", "t", "n", "id"}, record),
            (std::vector<std::string>{"1.50", "123456789012345678901234567890", "-2.5E-3",
                                      R"("a\"b\u00e9\n")", "true", "null", "7"}));
  EXPECT_EQ(read({"meta", "meta.tags", "meta.url", "empty"}, record),
            (std::vector<std::string>{R"({"url": "http://x", "tags": [1, "two", {"k": 0.10}] })",
                                      R"([1, "two", {"k": 0.10}])", R"("http://x")", "{}"}));
}

TEST(RawJsonFields, AbsentFieldsAreNullopt) {
  const std::string record = R"({"a": {"b": 1}, "s": "text", "list": [{"b": 2}]})";
  EXPECT_EQ(read({"x", "a.c", "a.b.c", "s.b", "list.b", "", "a."}, record),
            std::vector<std::string>(7, "<absent>"));
  EXPECT_EQ(read({"a.b", "x", "a"}, record),
            (std::vector<std::string>{"1", "<absent>", R"({"b": 1})"}));
}

TEST(RawJsonFields, TheFirstOfARepeatedKeyAndAnyOrderOfPaths) {
  const std::string record = R"({"z": 1, "m": {"k": "first", "k": "second"}, "a": [true]})";
  EXPECT_EQ(read({"a", "m.k", "z", "a"}, record),
            (std::vector<std::string>{"[true]", R"("first")", "1", "[true]"}));
}

TEST(RawJsonFields, ReaderIsReusable) {
  RawJsonFields fields({"id", "meta.n"});
  const Values& first = fields.read(R"({"id": "a", "meta": {"n": 1}})");
  ASSERT_TRUE(first[0] && first[1]);
  EXPECT_EQ(*first[0], R"("a")");
  const Values& second = fields.read(R"({"meta": {"n": [2, 3]}})");
  EXPECT_FALSE(second[0]);
  ASSERT_TRUE(second[1]);
  EXPECT_EQ(*second[1], "[2, 3]");
}

}  // namespace
}  // namespace neardup
