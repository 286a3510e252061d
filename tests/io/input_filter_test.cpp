// --include / --exclude patterns: fnmatch(3) on the name for a pattern without '/', on the
// path below the walked directory otherwise; exclude wins; no include means every file.
#include "io/input_filter.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(InputFilter, APatternWithoutSlashMatchesTheName) {
  EXPECT_TRUE(pattern_matches("*.jsonl", "a.jsonl"));
  EXPECT_TRUE(pattern_matches("*.jsonl", "deep/er/a.jsonl"));
  EXPECT_FALSE(pattern_matches("*.jsonl", "a.jsonl.gz"));
  EXPECT_FALSE(pattern_matches("deep*", "deep/a.jsonl"));  // the name, not a directory's
  EXPECT_TRUE(pattern_matches("part-[0-9]?.json", "x/part-07.json"));
  EXPECT_FALSE(pattern_matches("*.jsonl", "A.JSONL"));  // letter case counts
}

TEST(InputFilter, APatternWithSlashMatchesThePathFromTheRoot) {
  EXPECT_TRUE(pattern_matches("en/*", "en/a.jsonl"));
  EXPECT_TRUE(pattern_matches("en/*", "en/2024/a.jsonl"));  // '*' also matches '/'
  EXPECT_FALSE(pattern_matches("en/*", "web/en/a.jsonl"));  // anchored at the walked root
  EXPECT_TRUE(pattern_matches("*/en/*.jsonl", "web/en/a.jsonl"));
  EXPECT_FALSE(pattern_matches("en/*.jsonl", "en/a.json"));
}

TEST(InputFilter, ExcludeWinsAndNoIncludeTakesEverything) {
  EXPECT_EQ(filter_verdict({}, "any/thing.bin"), FilterVerdict::kTaken);
  const InputFilter filter{{"*.jsonl", "keep/*"}, {"*test*", "keep/old/*"}};
  EXPECT_EQ(filter_verdict(filter, "a.jsonl"), FilterVerdict::kTaken);
  EXPECT_EQ(filter_verdict(filter, "keep/a.parquet"), FilterVerdict::kTaken);
  EXPECT_EQ(filter_verdict(filter, "a.json"), FilterVerdict::kNotIncluded);
  EXPECT_EQ(filter_verdict(filter, "unit_test.jsonl"), FilterVerdict::kExcluded);
  EXPECT_EQ(filter_verdict(filter, "keep/old/a.jsonl"), FilterVerdict::kExcluded);
  EXPECT_EQ(filter_verdict({{}, {"*.png"}}, "img/x.png"), FilterVerdict::kExcluded);
}

}  // namespace
}  // namespace neardup
