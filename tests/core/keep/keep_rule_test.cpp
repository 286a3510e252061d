// --keep's grammar and order: every spelling parse_keep_rule accepts or refuses, and which of
// two documents each rule keeps.
#include "core/keep/keep_rule.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace neardup {
namespace {

TEST(KeepRule, ReadsEverySpelling) {
  EXPECT_EQ(parse_keep_rule("first"), KeepRule{});
  EXPECT_EQ(parse_keep_rule("longest"), (KeepRule{KeepBy::kLength, "", true}));
  EXPECT_EQ(parse_keep_rule("shortest"), (KeepRule{KeepBy::kLength, "", false}));
  EXPECT_EQ(parse_keep_rule("field:score"), (KeepRule{KeepBy::kField, "score", true}));
  EXPECT_EQ(parse_keep_rule("field:meta.q:max"), (KeepRule{KeepBy::kField, "meta.q", true}));
  EXPECT_EQ(parse_keep_rule("field:meta.q:min"), (KeepRule{KeepBy::kField, "meta.q", false}));
}

TEST(KeepRule, RefusesWhatIsNoRule) {
  for (const char* text : {"", "First", "last", "longest:max", "field", "field:", "field::max",
                           "field:a:", "field:a:biggest", "field:.a", "field:a.", "field:a..b",
                           "field:a:b:max", "score"}) {
    EXPECT_FALSE(parse_keep_rule(text).has_value()) << text;
  }
}

TEST(KeepRule, NamesRoundTrip) {
  for (const char* text : {"first", "longest", "shortest", "field:a.b:max", "field:a:min"}) {
    EXPECT_EQ(keep_rule_name(*parse_keep_rule(text)), text);
  }
  EXPECT_EQ(keep_rule_name(*parse_keep_rule("field:score")), "field:score:max");
}

TEST(KeepRule, OrdersByValueThenInputOrder) {
  const KeepRule longest{KeepBy::kLength, "", true};
  const KeepRule shortest{KeepBy::kLength, "", false};
  const KeepCandidate short_early{keep_integer(10), true, 1}, long_late{keep_integer(20), true, 2},
      long_later{keep_integer(20), true, 3};
  EXPECT_TRUE(kept_before(longest, long_late, short_early));
  EXPECT_FALSE(kept_before(longest, short_early, long_late));
  EXPECT_TRUE(kept_before(shortest, short_early, long_late));
  EXPECT_TRUE(kept_before(longest, long_late, long_later));
  EXPECT_FALSE(kept_before(longest, long_later, long_late));
  EXPECT_FALSE(kept_before(longest, long_late, long_late));
  EXPECT_TRUE(kept_before(KeepRule{}, short_early, long_late));
  EXPECT_FALSE(kept_before(KeepRule{}, long_late, short_early));
}

TEST(KeepRule, ADocumentWithoutAValueLosesInBothDirections) {
  const KeepCandidate none{KeepValue{}, false, 1};
  const KeepCandidate low{*parse_keep_value("-1e400"), true, 2};
  for (const bool larger : {true, false}) {
    const KeepRule rule{KeepBy::kField, "q", larger};
    EXPECT_TRUE(kept_before(rule, low, none));
    EXPECT_FALSE(kept_before(rule, none, low));
    EXPECT_TRUE(kept_before(rule, none, KeepCandidate{KeepValue{}, false, 5}));
  }
}

}  // namespace
}  // namespace neardup
