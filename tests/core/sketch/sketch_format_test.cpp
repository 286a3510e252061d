// The stored sketch format: each step's version and the layout land in their own byte, so a
// change to any one changes the stored version, and the words name each part.
#include "core/sketch/sketch_format.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace neardup {
namespace {

TEST(SketchFormat, EachPartChangesTheStoredVersion) {
  const SketchFormat base{3, 5, 7};
  EXPECT_EQ(stored_format_version(10, base), 0x0A030507u);
  EXPECT_NE(stored_format_version(10, SketchFormat{4, 5, 7}), stored_format_version(10, base));
  EXPECT_NE(stored_format_version(10, SketchFormat{3, 6, 7}), stored_format_version(10, base));
  EXPECT_NE(stored_format_version(10, SketchFormat{3, 5, 8}), stored_format_version(10, base));
  EXPECT_NE(stored_format_version(11, base), stored_format_version(10, base));
}

TEST(SketchFormat, NoStoredVersionEqualsAVersionWrittenBeforeIt) {
  // Artefacts written before the format was recorded carry small numbers (split files up to
  // 9, manifests 6, indexes 6): with a layout of at least 1, no new version is one of them.
  EXPECT_GE(stored_format_version(1, SketchFormat{}), 1u << 24);
}

TEST(SketchFormat, LayoutsOutsideOneByteAreRefused) {
  EXPECT_THROW(stored_format_version(0), std::invalid_argument);
  EXPECT_THROW(stored_format_version(256), std::invalid_argument);
}

TEST(SketchFormat, DescribedInWords) {
  EXPECT_EQ(describe_stored_version(stored_format_version(10, SketchFormat{3, 5, 7})),
            "layout 10, sketch format 3.5.7 (tokenizer 3, shingle hash 5, sketch 7)");
  EXPECT_EQ(describe_stored_version(6), "6");
}

}  // namespace
}  // namespace neardup
