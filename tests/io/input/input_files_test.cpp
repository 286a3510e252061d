// InputFiles: sizes and formats of every file, names of only those given, looked up by index.
#include "io/input/input_files.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace neardup {
namespace {

InputFiles three_unnamed() {
  return InputFiles({10, 20, 30},
                    {InputFormat::kJsonl, InputFormat::kTextGzip, InputFormat::kJsonl},
                    {path_hash("a"), path_hash("b"), path_hash("c")});
}

TEST(InputFiles, AListedFileIsNamedWithItsSizeAndFormat) {
  const InputFiles files = {{"a", 10, InputFormat::kJsonl, "ra"},
                            {"b", 20, InputFormat::kText, "rb"}};
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files.named_count(), 2u);
  EXPECT_EQ(files.total_bytes(), 30u);
  EXPECT_EQ(files[1].relative, "rb");
  EXPECT_EQ(files.size_of(1), 20u);
  EXPECT_TRUE(files.format_of(1) == InputFormat::kText);
  EXPECT_EQ(files.path_hash_of(0), path_hash("a"));
  EXPECT_NE(path_hash("a"), path_hash("b"));
}

TEST(InputFiles, OnlyNamedFilesCanBeLookedUp) {
  InputFiles files = three_unnamed();
  EXPECT_EQ(files.total_bytes(), 60u);
  EXPECT_FALSE(files.is_named(1));
  EXPECT_THROW(static_cast<void>(files[1]), std::logic_error);
  // Named out of order, in two batches: each lookup finds its own file.
  files.name({2}, {{"c", 30, InputFormat::kJsonl, "rc"}});
  files.name({1, 0},
             {{"b", 20, InputFormat::kTextGzip, "rb"}, {"a", 10, InputFormat::kJsonl, "ra"}});
  EXPECT_EQ(files.named_count(), 3u);
  EXPECT_EQ(files[0].path, "a");
  EXPECT_EQ(files[1].path, "b");
  EXPECT_EQ(files[2].relative, "rc");
}

TEST(InputFiles, NamingAFileTwiceOrUnlikeTheListFails) {
  InputFiles files = three_unnamed();
  files.name({0}, {{"a", 10, InputFormat::kJsonl, "ra"}});
  EXPECT_THROW(files.name({0}, {{"a", 10, InputFormat::kJsonl, "ra"}}), std::logic_error);
  EXPECT_THROW(files.name({1}, {{"b", 21, InputFormat::kTextGzip, "rb"}}), std::logic_error);
  EXPECT_THROW(files.name({1}, {{"b", 20, InputFormat::kJsonl, "rb"}}), std::logic_error);
  EXPECT_THROW(files.name({3}, {{"d", 0, InputFormat::kJsonl, "rd"}}), std::logic_error);
  EXPECT_THROW(files.name({1, 2}, {{"b", 20, InputFormat::kTextGzip, "rb"}}), std::logic_error);
  // A refused call leaves what was named as it was.
  EXPECT_THROW(files.name({2, 0}, {{"c", 30, InputFormat::kJsonl, "rc"},
                                   {"a", 10, InputFormat::kJsonl, "ra"}}),
               std::logic_error);
  EXPECT_EQ(files.named_count(), 1u);
  EXPECT_EQ(files[0].relative, "ra");
  EXPECT_FALSE(files.is_named(2));
}

TEST(InputFiles, UnequalColumnsAreRefused) {
  EXPECT_THROW(InputFiles({1, 2}, {InputFormat::kJsonl}, {0, 0}), std::logic_error);
}

}  // namespace
}  // namespace neardup
