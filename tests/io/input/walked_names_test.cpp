// Which names a directory walk passes over by name: hidden names and neardup's own outputs,
// and which --include patterns bring them back.
#include "io/input/walked_names.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(WalkedNames, HiddenNamesAndOwnOutputsOnly) {
  for (const char* name : {".git", ".env", ".", ""}) {
    EXPECT_EQ(name_kind(name), NameKind::kHidden) << name;
  }
  for (const char* name : {"_SUCCESS", "_LOCK", "_LOCK.break", "_LOCK.ab12.tmp", "_checkpoint",
                           "_tmp", "_reference_index", "_temporary", "_SUCCESS.tmp"}) {
    EXPECT_EQ(name_kind(name), NameKind::kOwnOutput) << name;
  }
  for (const char* name : {"__init__.py", "_private", "_vendor", "_distutils", "_SUCCESSOR",
                           "_LOCKS", "a.jsonl", "_"}) {
    EXPECT_EQ(name_kind(name), NameKind::kOrdinary) << name;
  }
}

TEST(WalkedNames, IncludePatternsNameAKindByItsFirstCharacter) {
  EXPECT_TRUE(pattern_names_kind(".env", NameKind::kHidden));
  EXPECT_TRUE(pattern_names_kind("conf/.*", NameKind::kHidden));
  EXPECT_FALSE(pattern_names_kind("*", NameKind::kHidden));
  EXPECT_FALSE(pattern_names_kind("*.env", NameKind::kHidden));
  EXPECT_TRUE(pattern_names_kind("_SUCCESS", NameKind::kOwnOutput));
  EXPECT_FALSE(pattern_names_kind("*SUCCESS", NameKind::kOwnOutput));
  EXPECT_TRUE(pattern_names_kind("*", NameKind::kOrdinary));
}

TEST(WalkedNames, AFolderIsEnteredForAPatternSpellingOutItsPath) {
  EXPECT_TRUE(pattern_enters(".github/*", ".github"));
  EXPECT_TRUE(pattern_enters("conf/.github/workflows/*.yml", "conf/.github"));
  EXPECT_FALSE(pattern_enters(".github", ".github"));
  EXPECT_FALSE(pattern_enters("*/.github/*", ".github"));
  EXPECT_FALSE(pattern_enters(".githubx/*", ".github"));
}

}  // namespace
}  // namespace neardup
