// InputFormat: a container and a codec, names round-trip, extensions pick the format, output
// extensions match inputs.
#include "io/input/input_format.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace neardup {
namespace {

const InputFormat kFormats[] = {InputFormat::kJsonl,     InputFormat::kJsonlGzip,
                                InputFormat::kJsonlZstd, InputFormat::kText,
                                InputFormat::kTextGzip,  InputFormat::kTextZstd};

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
  EXPECT_EQ(format_from_extension("B.JSONL.GZ"), InputFormat::kJsonlGzip);
  EXPECT_EQ(format_from_extension("b.jsonl.Zst"), InputFormat::kJsonlZstd);
}

TEST(InputFormat, TextFilesAreReadDecompressedByTheirExtension) {
  EXPECT_EQ(file_format("a/notes.txt", InputFormat::kText), InputFormat::kText);
  EXPECT_EQ(file_format("a/notes.txt.gz", InputFormat::kText), InputFormat::kTextGzip);
  EXPECT_EQ(file_format("a/NOTES.ZST", InputFormat::kText), InputFormat::kTextZstd);
  EXPECT_EQ(file_format("page.html", InputFormat::kText), InputFormat::kText);
  EXPECT_EQ(file_format("a.jsonl.gz", std::nullopt), InputFormat::kJsonlGzip);
  EXPECT_EQ(file_format("a.jsonl.gz", InputFormat::kJsonl), InputFormat::kJsonl);
  EXPECT_EQ(file_format("a.jsonl", InputFormat::kJsonlZstd), InputFormat::kJsonlZstd);
}

TEST(InputFormat, WalksTakeJsonLinesNamesInAnyLetterCase) {
  for (const char* name : {"a.jsonl", "A.JSONL", "a.Json", "a.ndjson.gz", "a.JSONL.ZST"}) {
    EXPECT_TRUE(walk_takes(name, std::nullopt)) << name;
  }
  for (const char* name : {"a.txt", "a.parquet", "a.jsonl.bz2", "jsonl", "a.gz"}) {
    EXPECT_FALSE(walk_takes(name, std::nullopt)) << name;
  }
  EXPECT_TRUE(walk_takes("a.JSON.GZ", InputFormat::kJsonlGzip));
  EXPECT_FALSE(walk_takes("a.json", InputFormat::kJsonlGzip));
  EXPECT_FALSE(walk_takes("a.jsonl.gz", InputFormat::kJsonl));
  EXPECT_TRUE(walk_takes("a.png", InputFormat::kText));
  EXPECT_EQ(walked_names(InputFormat::kText), "");
  EXPECT_EQ(walked_names(std::nullopt), "*.jsonl, *.json, *.ndjson, each also .gz or .zst");
}

TEST(InputFormat, CompressionAndOutputExtensions) {
  EXPECT_FALSE(is_compressed(InputFormat::kJsonl));
  EXPECT_TRUE(is_compressed(InputFormat::kJsonlGzip));
  EXPECT_TRUE(is_compressed(InputFormat::kJsonlZstd));
  EXPECT_FALSE(is_compressed(InputFormat::kText));
  EXPECT_TRUE(is_compressed(InputFormat::kTextGzip));
  EXPECT_TRUE(is_compressed(InputFormat::kTextZstd));
  EXPECT_TRUE(is_text(InputFormat::kTextZstd));
  EXPECT_FALSE(is_text(InputFormat::kJsonlZstd));
  for (const InputFormat format :
       {InputFormat::kJsonl, InputFormat::kJsonlGzip, InputFormat::kJsonlZstd}) {
    EXPECT_EQ(format_from_extension(std::string("part") + output_extension(format)), format);
  }
  EXPECT_STREQ(output_extension(InputFormat::kText), "");
  EXPECT_STREQ(output_extension(InputFormat::kTextGzip), "");
  EXPECT_EQ(json_lines_format(InputFormat::kText), InputFormat::kJsonl);
  EXPECT_EQ(json_lines_format(InputFormat::kTextGzip), InputFormat::kJsonlGzip);
  EXPECT_EQ(json_lines_format(InputFormat::kTextZstd), InputFormat::kJsonlZstd);
  EXPECT_EQ(json_lines_format(InputFormat::kJsonlGzip), InputFormat::kJsonlGzip);
}

TEST(InputFormat, AContainerAndACodecMakeEachFormat) {
  const std::pair<InputFormat, const char*> names[] = {
      {{Container::kJsonLines, Codec::kNone}, "jsonl"},
      {{Container::kJsonLines, Codec::kGzip}, "jsonl.gz"},
      {{Container::kJsonLines, Codec::kZstd}, "jsonl.zst"},
      {{Container::kText, Codec::kNone}, "text"},
      {{Container::kText, Codec::kGzip}, "text.gz"},
      {{Container::kText, Codec::kZstd}, "text.zst"}};
  for (const auto& [format, name] : names) EXPECT_STREQ(input_format_name(format), name);
  EXPECT_EQ(InputFormat::kTextZstd, (InputFormat{Container::kText, Codec::kZstd}));
  EXPECT_STREQ(output_extension({Container::kJsonLines, Codec::kZstd}), ".jsonl.zst");
  EXPECT_EQ(codec_from_extension("A.TXT.GZ"), Codec::kGzip);
  EXPECT_EQ(codec_from_extension("a.zst"), Codec::kZstd);
  EXPECT_EQ(codec_from_extension("a.gzip"), Codec::kNone);
  EXPECT_STREQ(codec_suffix(Codec::kNone), "");
}

}  // namespace
}  // namespace neardup
