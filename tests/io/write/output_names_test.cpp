// The outputs table: every output named once, each described in docs/outputs.md, the run's
// markers and scratch (names starting with '_') passed over by directory walks, the rest read.
#include "io/write/output_names.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "io/input/walked_names.hpp"

namespace neardup {
namespace {

TEST(OutputNames, EachOutputHasOneDistinctName) {
  std::set<std::string_view> names;
  for (const OutputEntry& entry : output_entries()) {
    EXPECT_EQ(output_name(entry.output), entry.name);
    EXPECT_FALSE(entry.holds.empty()) << entry.name;
    EXPECT_TRUE(names.insert(entry.name).second) << entry.name << " is listed twice";
  }
  EXPECT_EQ(output_name(Output::kSuccess), "_SUCCESS");
  EXPECT_EQ(output_name(Output::kClusters), "clusters");
}

TEST(OutputNames, WalksPassOverTheRunsMarkersAndScratchOnly) {
  for (const OutputEntry& entry : output_entries()) {
    const std::string name(entry.name);
    const NameKind expected = name.front() == '_' ? NameKind::kOwnOutput : NameKind::kOrdinary;
    EXPECT_EQ(name_kind(name), expected) << name;
    EXPECT_EQ(name_kind(name + ".tmp"), expected) << name;
  }
  EXPECT_EQ(name_kind("_temporary"), NameKind::kOwnOutput);  // Hadoop's, beside _SUCCESS
  EXPECT_EQ(name_kind("_SUCCESSOR"), NameKind::kOrdinary);
}

TEST(OutputNames, DocsOutputsDescribesEachOne) {
  std::ifstream in(std::string(NEARDUP_SOURCE_DIR) + "/docs/outputs.md");
  ASSERT_TRUE(in) << "docs/outputs.md not found";
  const std::string page{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  for (const OutputEntry& entry : output_entries()) {
    // A row of the page's table of files: "| `clusters/part-NNNNN.tsv` |", "| `_SUCCESS` |".
    const std::string row = "| `" + std::string(entry.name) + (entry.folder ? "/" : "`");
    EXPECT_NE(page.find(row), std::string::npos)
        << "docs/outputs.md has no row for " << entry.name << " (" << row << ")";
  }
}

}  // namespace
}  // namespace neardup
