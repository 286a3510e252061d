// --include / --exclude patterns: fnmatch(3) on the name for a pattern without '/', on the
// path below the walked directory otherwise; exclude wins; no include means every file.
#include "io/input/input_filter.hpp"

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

// An unclosed set makes fnmatch(3) match nothing, silently: such a pattern is refused by name.
TEST(InputFilter, InvalidPatternsAreNamed) {
  for (const char* valid : {"*.jsonl", "[ab].txt", "[]x]", "[!]]", "[[:alpha:]]*", "a\\[b", "x]"}) {
    EXPECT_EQ(pattern_problem(valid), "") << valid;
  }
  EXPECT_EQ(pattern_problem("["), "[ opens a set that no ] closes (write \\[ for a literal [)");
  EXPECT_NE(pattern_problem("data/[ab.jsonl"), "");
  EXPECT_NE(pattern_problem("[]"), "");
  EXPECT_NE(pattern_problem("[[:alpha:]"), "");
  EXPECT_EQ(pattern_problem("trailing\\"), "ends with an unescaped \\");
  EXPECT_EQ(filter_problem({{"*.txt"}, {"old/["}}),
            "--exclude 'old/[': [ opens a set that no ] closes (write \\[ for a literal [)");
  EXPECT_EQ(filter_problem({{"*.txt"}, {}}), "");
}

}  // namespace
}  // namespace neardup
