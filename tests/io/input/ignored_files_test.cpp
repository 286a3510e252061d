// IgnoredFiles: extensions grouped as users name them, the log line and the stats.json object.
#include "io/input/ignored_files.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(IgnoredFiles, ExtensionKeysAreLowerCaseWithTheNameBeforeACompressionSuffix) {
  EXPECT_EQ(extension_key("data.parquet"), ".parquet");
  EXPECT_EQ(extension_key("DATA.JSONL.BZ2"), ".jsonl.bz2");
  EXPECT_EQ(extension_key("notes.txt.gz"), ".txt.gz");
  EXPECT_EQ(extension_key("archive.tar.xz"), ".tar.xz");
  EXPECT_EQ(extension_key("plain.gz"), ".gz");
  EXPECT_EQ(extension_key("a.b.c.png"), ".png");
  EXPECT_EQ(extension_key("README"), "");
  EXPECT_EQ(extension_key(".profile"), "");
}

TEST(IgnoredFiles, TheLineListsExtensionsMostFirstThenTheOtherReasons) {
  IgnoredFiles ignored;
  EXPECT_EQ(ignored_files_text(ignored), "");
  ignored.by_extension = {{".bz2", 3}, {".parquet", 7}, {".txt", 3}};
  ignored.not_included = 2;
  ignored.excluded = 1;
  ignored.hidden = 4;
  EXPECT_EQ(ignored.total(), 20u);
  EXPECT_EQ(ignored_files_text(ignored),
            "ignored 20 files: 7 *.parquet, 3 *.bz2, 3 *.txt, 2 not matching --include, 1 "
            "excluded by --exclude, 4 hidden (.*)");
  IgnoredFiles many;
  for (int i = 0; i < 10; ++i) many.by_extension[".e" + std::to_string(i)] = 10 - i;
  EXPECT_EQ(ignored_files_text(many),
            "ignored 55 files: 10 *.e0, 9 *.e1, 8 *.e2, 7 *.e3, 6 *.e4, 5 *.e5, 4 *.e6, 3 *.e7, "
            "3 with other extensions");
}

TEST(IgnoredFiles, FilesAndFoldersAreCountedApart) {
  IgnoredFiles ignored;
  ignored.hidden = 1;
  ignored.own_outputs = 2;
  ignored.broken_links = 1;
  ignored.not_regular = 2;
  ignored.aliases = 1;
  ignored.alias_example = "in/link.jsonl = in/a.jsonl";
  ignored.hidden_dirs = 3;
  ignored.own_output_dirs = 1;
  EXPECT_EQ(ignored.total(), 7u);
  EXPECT_EQ(ignored.total_dirs(), 4u);
  EXPECT_EQ(ignored_files_text(ignored),
            "ignored 7 files: 2 not regular files, 1 broken symbolic link, 1 hidden (.*), 2 "
            "neardup outputs (_SUCCESS, _LOCK...), 1 another name of a file read, read once "
            "(in/link.jsonl = in/a.jsonl); did not enter 4 folders: 3 hidden (.*), 1 neardup "
            "output (_checkpoint, _tmp...)");
  IgnoredFiles folder;
  folder.hidden_dirs = 1;
  EXPECT_EQ(folder.total(), 0u);
  EXPECT_EQ(ignored_files_text(folder), "did not enter 1 folder: 1 hidden (.*)");
}

TEST(IgnoredFiles, AddSumsEveryReason) {
  IgnoredFiles a;
  a.by_extension = {{".txt", 1}};
  a.not_regular = 1;
  IgnoredFiles b;
  b.by_extension = {{".txt", 2}, {"", 1}};
  b.excluded = 3;
  b.hidden_dirs = 2;
  b.aliases = 1;
  b.alias_example = "x = y";
  a.add(b);
  EXPECT_EQ(a.by_extension, (std::map<std::string, std::uint64_t>{{"", 1}, {".txt", 3}}));
  EXPECT_EQ(a.excluded, 3u);
  EXPECT_EQ(a.total(), 9u);
  EXPECT_EQ(a.total_dirs(), 2u);
  EXPECT_EQ(a.alias_example, "x = y");
}

TEST(IgnoredFiles, JsonHasEveryReason) {
  IgnoredFiles ignored;
  ignored.by_extension = {{".parquet", 7}, {"", 1}};
  ignored.excluded = 2;
  JsonWriter json;
  write_ignored_files(json, ignored);
  EXPECT_EQ(json.str(),
            "{\n  \"total\": 10,\n  \"by_extension\": {\n    \"\": 1,\n    \".parquet\": 7\n  "
            "},\n  \"not_included\": 0,\n  \"excluded\": 2,\n  \"not_regular\": 0,\n  "
            "\"broken_links\": 0,\n  \"hidden\": 0,\n  \"own_outputs\": 0,\n  \"aliases\": 0,\n  "
            "\"total_dirs\": 0,\n  \"hidden_dirs\": 0,\n  \"own_output_dirs\": 0\n}\n");
}

}  // namespace
}  // namespace neardup
