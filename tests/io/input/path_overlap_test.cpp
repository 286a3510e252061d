// input_output_overlap: an output directory inside an input directory, or an input inside the
// output directory, is found however the paths are written; apart paths pass.
#include "io/input/path_overlap.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace neardup {
namespace {

namespace fs = std::filesystem;

class PathOverlapTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("neardup_overlap_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "docs" / "sub");
    std::ofstream(root_ / "docs" / "a.jsonl") << "{}\n";
    std::ofstream(root_ / "list") << "docs\n";
    fs::create_directory_symlink(root_ / "docs", root_ / "link");
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string path(const std::string& name) const { return (root_ / name).string(); }
  fs::path root_;
};

TEST_F(PathOverlapTest, OutputInsideAnInputDirectoryIsNamedWithIt) {
  EXPECT_EQ(input_output_overlap({path("docs")}, path("docs/out")),
            "output directory " + path("docs/out") + " is inside the input directory " +
                path("docs") +
                ": the run would read its own outputs as inputs; choose an output directory "
                "outside every input");
  EXPECT_NE(input_output_overlap({path("docs/")}, path("docs/sub/new/out")), "");  // not there
  EXPECT_NE(input_output_overlap({path("docs")}, path("docs")), "");
  EXPECT_NE(input_output_overlap({path("link")}, path("docs/out")), "");       // a link
  EXPECT_NE(input_output_overlap({path("docs")}, path("link/out")), "");       // to it
  EXPECT_NE(input_output_overlap({path("docs/sub/..")}, path("docs/x")), "");  // ".."
  EXPECT_NE(input_output_overlap({"@" + path("list")}, path("docs/out")), "");
  EXPECT_NE(input_output_overlap({path("do*")}, path("docs/out")), "");
  const fs::path cwd = fs::current_path();
  fs::current_path(root_);
  EXPECT_NE(input_output_overlap({"docs"}, path("docs/out")), "");  // relative and absolute
  EXPECT_NE(input_output_overlap({path("docs")}, "./docs/../docs/out/"), "");
  fs::current_path(cwd);
}

TEST_F(PathOverlapTest, InputInsideTheOutputIsNamedWithIt) {
  EXPECT_EQ(input_output_overlap({path("docs/a.jsonl")}, path("docs")),
            "input " + path("docs/a.jsonl") + " is inside the output directory " + path("docs") +
                ", which the run writes and --overwrite clears; choose an output directory "
                "outside every input");
  EXPECT_NE(input_output_overlap({path("docs/sub")}, path("docs/")), "");
  EXPECT_NE(input_output_overlap({path("docs/a.jsonl")}, path("link")), "");
  EXPECT_NE(input_output_overlap({path("docs/a.jsonl")}, path("docs/a.jsonl")), "");
}

TEST_F(PathOverlapTest, ApartPathsPass) {
  EXPECT_EQ(input_output_overlap({path("docs")}, path("out")), "");
  EXPECT_EQ(input_output_overlap({path("docs")}, path("docs-out")), "");  // a prefix, no parent
  EXPECT_EQ(input_output_overlap({path("docs/*.jsonl")}, path("docs/out")), "");  // files only
  EXPECT_EQ(input_output_overlap({path("docs/a.jsonl")}, path("docs/sub")), "");
  EXPECT_EQ(input_output_overlap({path("missing")}, path("missing/out")), "");  // reported later
  EXPECT_EQ(input_output_overlap({path("docs")}, ""), "");
}

}  // namespace
}  // namespace neardup
