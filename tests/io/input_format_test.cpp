// InputFormat: names round-trip, extensions pick the format, output extensions match inputs.
#include "io/input_format.hpp"

#include <gtest/gtest.h>

#include <string>

namespace neardup {
namespace {

const InputFormat kFormats[] = {InputFormat::kJsonl, InputFormat::kJsonlGzip,
                                InputFormat::kJsonlZstd, InputFormat::kText};

TEST(InputFormat, NamesRoundTrip) {
  for (const InputFormat format : kFormats) {
    EXPECT_EQ(parse_input_format(input_format_name(format)), format);
  }
  EXPECT_STREQ(input_format_name(InputFormat::kJsonlZstd), "jsonl.zst");
  EXPECT_EQ(parse_input_format("auto"), std::nullopt);
  EXPECT_EQ(parse_input_format("gz"), std::nullopt);
  EXPECT_EQ(parse_input_format(""), std::nullopt);
}

TEST(InputFormat, ExtensionPicksTheCompression) {
  EXPECT_EQ(format_from_extension("a/b.jsonl.gz"), InputFormat::kJsonlGzip);
  EXPECT_EQ(format_from_extension("b.ndjson.zst"), InputFormat::kJsonlZstd);
  EXPECT_EQ(format_from_extension("b.jsonl"), InputFormat::kJsonl);
  EXPECT_EQ(format_from_extension("notes.txt"), InputFormat::kJsonl);
  EXPECT_EQ(format_from_extension("archive.gz.d/x.json"), InputFormat::kJsonl);
  EXPECT_EQ(format_from_extension("zst"), InputFormat::kJsonl);
}

TEST(InputFormat, CompressionAndOutputExtensions) {
  EXPECT_FALSE(is_compressed(InputFormat::kJsonl));
  EXPECT_TRUE(is_compressed(InputFormat::kJsonlGzip));
  EXPECT_TRUE(is_compressed(InputFormat::kJsonlZstd));
  EXPECT_FALSE(is_compressed(InputFormat::kText));
  for (const InputFormat format :
       {InputFormat::kJsonl, InputFormat::kJsonlGzip, InputFormat::kJsonlZstd}) {
    EXPECT_EQ(format_from_extension(std::string("part") + output_extension(format)), format);
  }
  EXPECT_STREQ(output_extension(InputFormat::kText), "");
}

}  // namespace
}  // namespace neardup
