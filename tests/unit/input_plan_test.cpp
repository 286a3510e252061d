// Input planning: files, directories and globs expand to one sorted list; splits and their
// assignment to ranks.
#include "io/input_plan.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "io/io_error.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

class InputPlanTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("neardup_plan_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "sub" / "deeper");
    fs::create_directories(root_ / ".hidden");
    write("b.jsonl", "1\n");
    write("a.jsonl", "22\n");
    write("sub/c.json", "333\n");
    write("sub/deeper/d.ndjson", "4444\n");
    write("sub/notes.txt", "x\n");
    write("_meta.jsonl", "x\n");
    write(".hidden/e.jsonl", "x\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& name, const std::string& content) {
    std::ofstream(root_ / name, std::ios::binary) << content;
  }
  std::string path(const std::string& name) const { return (root_ / name).string(); }
  fs::path root_;
};

TEST_F(InputPlanTest, DirectoryIsWalkedRecursivelyAndSorted) {
  const auto files = expand_inputs({root_.string()});
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(files[0].path, path("a.jsonl"));
  EXPECT_EQ(files[1].path, path("b.jsonl"));
  EXPECT_EQ(files[2].path, path("sub/c.json"));
  EXPECT_EQ(files[3].path, path("sub/deeper/d.ndjson"));
  EXPECT_EQ(files[0].size, 3u);
}

TEST_F(InputPlanTest, ListingOrderDoesNotMatterAndDuplicatesCollapse) {
  const auto one = expand_inputs({path("b.jsonl"), path("a.jsonl"), path("b.jsonl")});
  const auto two = expand_inputs({path("a.jsonl"), path("b.jsonl")});
  ASSERT_EQ(one.size(), 2u);
  EXPECT_EQ(one[0].path, two[0].path);
  EXPECT_EQ(one[1].path, two[1].path);
}

TEST_F(InputPlanTest, GlobsExpand) {
  const auto files = expand_inputs({path("*.jsonl")});
  ASSERT_EQ(files.size(), 3u);  // a, b and _meta (an explicit glob match is taken)
}

TEST_F(InputPlanTest, MissingInputsNameThePath) {
  EXPECT_THROW(expand_inputs({path("nope.jsonl")}), IoError);
  EXPECT_THROW(expand_inputs({path("*.zzz")}), IoError);
  try {
    expand_inputs({path("nope.jsonl")});
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("nope.jsonl"), std::string::npos);
  }
  fs::create_directories(root_ / "empty");
  EXPECT_THROW(expand_inputs({path("empty")}), IoError);
}

TEST(CutSplits, CoversEveryByteOnceInOrder) {
  const std::vector<InputFile> files = {{"x", 10}, {"y", 0}, {"z", 7}};
  const auto splits = cut_splits(files, 4);
  ASSERT_EQ(splits.size(), 5u);  // x: [0,4) [4,8) [8,10); y: none; z: [0,4) [4,7)
  EXPECT_EQ(splits[2].end, 10u);
  EXPECT_EQ(splits[3].file, 2u);
  EXPECT_EQ(splits[4].begin, 4u);
  EXPECT_EQ(splits[4].end, 7u);
}

TEST(AssignSplits, BalancesBytesLargestFirst) {
  const std::vector<Split> splits = {{0, 0, 100}, {0, 100, 110}, {1, 0, 60}, {2, 0, 50}};
  const auto owners = assign_splits(splits, 2);
  std::uint64_t load[2] = {0, 0};
  for (std::size_t s = 0; s < splits.size(); ++s)
    load[owners[s]] += splits[s].end - splits[s].begin;
  EXPECT_EQ(load[0], 110u);  // 100 + 10
  EXPECT_EQ(load[1], 110u);  // 60 + 50
  EXPECT_EQ(assign_splits(splits, 1), std::vector<int>(4, 0));
}

}  // namespace
}  // namespace neardup
