// Input planning: files, directories, globs and @LIST files expand to one sorted list with
// formats and relative paths, filtered by --include / --exclude, with what the walks ignored
// counted by reason; splits and their assignment to ranks.
#include "io/input/input_plan.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>

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
    fs::create_directories(root_ / "sub" / "_checkpoint");
    fs::create_directories(root_ / "sub" / "deeper" / ".git");
    write("b.jsonl", "1\n");
    write("a.jsonl", "22\n");
    write("sub/c.json", "333\n");
    write("sub/deeper/d.ndjson", "4444\n");
    write("sub/e.jsonl.gz", "gz");
    write("sub/f.ndjson.zst", "zst");
    write("sub/notes.txt", "x\n");
    write("sub/notes.txt.gz", "x\n");
    write("_SUCCESS.jsonl", "x\n");
    write(".hidden/e.jsonl", "x\n");
    write("sub/_checkpoint/p.jsonl", "x\n");
    write("sub/deeper/.git/g.jsonl", "x\n");
    write("sub/deeper/.dot.jsonl", "x\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& name, const std::string& content) {
    std::ofstream(root_ / name, std::ios::binary) << content;
  }
  std::string path(const std::string& name) const { return (root_ / name).string(); }
  static std::vector<std::string> relatives(const std::vector<InputFile>& files) {
    std::vector<std::string> out;
    for (const InputFile& file : files) out.push_back(file.relative);
    return out;
  }
  static std::string error_of(const std::vector<std::string>& arguments) {
    try {
      expand_inputs(arguments);
    } catch (const IoError& e) {
      return e.what();
    }
    return "no error";
  }
  fs::path root_;
};

TEST_F(InputPlanTest, DirectoryIsWalkedRecursivelyAndSorted) {
  const auto files = expand_inputs({root_.string()});
  ASSERT_EQ(files.size(), 6u);
  EXPECT_EQ(files[0].path, path("a.jsonl"));
  EXPECT_EQ(files[1].path, path("b.jsonl"));
  EXPECT_EQ(files[2].path, path("sub/c.json"));
  EXPECT_EQ(files[3].path, path("sub/deeper/d.ndjson"));
  EXPECT_EQ(files[4].path, path("sub/e.jsonl.gz"));
  EXPECT_EQ(files[5].path, path("sub/f.ndjson.zst"));
  EXPECT_EQ(files[0].size, 3u);
  EXPECT_EQ(relatives(files),
            (std::vector<std::string>{"a.jsonl", "b.jsonl", "sub/c.json", "sub/deeper/d.ndjson",
                                      "sub/e.jsonl.gz", "sub/f.ndjson.zst"}));
}

TEST_F(InputPlanTest, HiddenNamesAndOwnOutputsArePassedOverAtEveryLevel) {
  write("sub/__init__.py", "x\n");
  write("_meta.jsonl", "x\n");
  fs::create_directories(root_ / "sub" / "_private");
  write("sub/_private/p.jsonl", "x\n");
  write("_LOCK.break", "x");
  IgnoredFiles ignored;
  const auto files = expand_inputs({root_.string()}, {InputFormat::kText, {}}, &ignored);
  for (const InputFile& file : files) {
    EXPECT_EQ(file.relative.find("/."), std::string::npos) << file.relative;
    EXPECT_NE(file.relative.front(), '.') << file.relative;
    EXPECT_EQ(file.relative.find("_SUCCESS"), std::string::npos) << file.relative;
    EXPECT_EQ(file.relative.find("_LOCK"), std::string::npos) << file.relative;
    EXPECT_EQ(file.relative.find("_checkpoint"), std::string::npos) << file.relative;
  }
  // Ordinary names starting with '_' are read, files and folders alike.
  const std::vector<std::string> got = relatives(files);
  for (const char* name : {"_meta.jsonl", "sub/__init__.py", "sub/_private/p.jsonl"}) {
    EXPECT_NE(std::find(got.begin(), got.end(), name), got.end()) << name;
  }
  EXPECT_EQ(ignored.hidden, 1u);                              // sub/deeper/.dot.jsonl
  EXPECT_EQ(ignored.own_outputs, 2u);                         // _SUCCESS.jsonl, _LOCK.break
  EXPECT_EQ(ignored.hidden_dirs, 2u);                         // .hidden, sub/deeper/.git
  EXPECT_EQ(ignored.own_output_dirs, 1u);                     // sub/_checkpoint
  const auto hidden_root = expand_inputs({path(".hidden")});  // a named directory is walked
  ASSERT_EQ(hidden_root.size(), 1u);
  EXPECT_EQ(hidden_root[0].relative, "e.jsonl");
}

TEST_F(InputPlanTest, IncludeBringsBackWhatNamesPassOver) {
  write("sub/.env", "x\n");
  const auto text = [&](std::vector<std::string> include) {
    return relatives(
        expand_inputs({root_.string()}, {InputFormat::kText, {std::move(include), {}}}));
  };
  // A pattern naming hidden files, or neardup's outputs, by their first character.
  EXPECT_EQ(text({".env"}), (std::vector<std::string>{"sub/.env"}));
  EXPECT_EQ(text({".*"}), (std::vector<std::string>{"sub/.env", "sub/deeper/.dot.jsonl"}));
  EXPECT_EQ(text({"_SUCCESS*"}), (std::vector<std::string>{"_SUCCESS.jsonl"}));
  // "*" and "*.jsonl" match names, but do not name hidden files or neardup's outputs.
  EXPECT_EQ(text({"*.jsonl"}), (std::vector<std::string>{"a.jsonl", "b.jsonl"}));
  // A folder passed over is entered for a pattern that spells out its path.
  EXPECT_EQ(text({"sub/deeper/.git/*"}), (std::vector<std::string>{"sub/deeper/.git/g.jsonl"}));
  EXPECT_EQ(text({".hidden/*"}), (std::vector<std::string>{".hidden/e.jsonl"}));
  // In a JSON Lines run, it brings back JSON Lines files only: the extensions still choose.
  const auto jsonl =
      relatives(expand_inputs({root_.string()}, {std::nullopt, {{".*", "_*", "notes.txt"}, {}}}));
  EXPECT_EQ(jsonl, (std::vector<std::string>{"_SUCCESS.jsonl", "sub/deeper/.dot.jsonl"}));
}

TEST_F(InputPlanTest, AnInputThatIsNoPathAndNoValidGlobIsNamed) {
  write("[odd", "1\n");  // an existing path is taken as is, whatever its characters
  EXPECT_EQ(input_pattern_problem({path("a.jsonl"), path("*.jsonl"), path("[odd"), "@x[y"}), "");
  EXPECT_EQ(
      input_pattern_problem({path("a.jsonl"), path("[ab.jsonl")}),
      "-i '" + path("[ab.jsonl") + "': [ opens a set that no ] closes (write \\[ for a literal [)");
}

TEST_F(InputPlanTest, AFileReachedByTwoNamesIsListedOnce) {
  fs::create_symlink(root_ / "a.jsonl", root_ / "alias.jsonl");
  fs::create_symlink(root_ / "sub", root_ / "sub-link");
  fs::create_hard_link(root_ / "b.jsonl", root_ / "hard.jsonl");
  IgnoredFiles ignored;
  const auto files = expand_inputs({root_.string()}, {}, &ignored);
  EXPECT_EQ(relatives(files),
            (std::vector<std::string>{"a.jsonl", "b.jsonl", "sub/c.json", "sub/deeper/d.ndjson",
                                      "sub/e.jsonl.gz", "sub/f.ndjson.zst"}));
  EXPECT_EQ(ignored.aliases, 6u);  // alias.jsonl, hard.jsonl and sub-link's 4 files
  EXPECT_EQ(ignored.alias_example, path("alias.jsonl") + " = " + path("a.jsonl"));
  // and what the walk passes over by name or extension, in sub/ and again in sub-link/
  EXPECT_EQ(ignored.total(), 6u + 7);
  // The name that is not a link is kept, whichever comes first.
  fs::create_symlink(root_ / "b.jsonl", root_ / "0-first.jsonl");
  const auto named = expand_inputs({path("0-first.jsonl"), path("b.jsonl")});
  ASSERT_EQ(named.size(), 1u);
  EXPECT_EQ(named[0].path, path("b.jsonl"));
}

TEST_F(InputPlanTest, FormatsComeFromExtensions) {
  const auto files = expand_inputs({root_.string(), path("sub/notes.txt")});
  ASSERT_EQ(files.size(), 7u);
  EXPECT_EQ(files[2].format, InputFormat::kJsonl);      // sub/c.json
  EXPECT_EQ(files[3].format, InputFormat::kJsonl);      // sub/deeper/d.ndjson
  EXPECT_EQ(files[4].format, InputFormat::kJsonlGzip);  // sub/e.jsonl.gz
  EXPECT_EQ(files[5].format, InputFormat::kJsonlZstd);  // sub/f.ndjson.zst
  EXPECT_EQ(files[6].path, path("sub/notes.txt"));      // named directly: taken as is
  EXPECT_EQ(files[6].format, InputFormat::kJsonl);      // text is never guessed
  EXPECT_EQ(files[6].relative, path("sub/notes.txt"));  // the path as given
}

TEST_F(InputPlanTest, ForcedTextTakesEveryFileWithRelativePaths) {
  const auto files = expand_inputs({path("sub")}, {InputFormat::kText, {}});
  EXPECT_EQ(relatives(files),
            (std::vector<std::string>{"c.json", "deeper/d.ndjson", "e.jsonl.gz", "f.ndjson.zst",
                                      "notes.txt", "notes.txt.gz"}));
  // .gz and .zst text files are read decompressed; the id stays the path as found.
  const std::vector<InputFormat> formats = {InputFormat::kText,     InputFormat::kText,
                                            InputFormat::kTextGzip, InputFormat::kTextZstd,
                                            InputFormat::kText,     InputFormat::kTextGzip};
  for (std::size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(files[i].format, formats[i]) << files[i].path;
    EXPECT_EQ(files[i].path, path("sub/" + files[i].relative));
  }
  const auto named = expand_inputs({path("sub/notes.txt.gz")}, {InputFormat::kText, {}});
  ASSERT_EQ(named.size(), 1u);
  EXPECT_EQ(named[0].format, InputFormat::kTextGzip);
}

TEST_F(InputPlanTest, ExtensionsAreTakenInAnyLetterCase) {
  write("UPPER.JSONL", "1\n");
  write("sub/Mixed.Json.GZ", "gz");
  write("sub/deeper/x.NDJSON.Zst", "zst");
  IgnoredFiles ignored;
  const auto files = expand_inputs({root_.string()}, {}, &ignored);
  ASSERT_EQ(files.size(), 9u);  // the fixture's 6 and these 3
  EXPECT_EQ(files[0].relative, "UPPER.JSONL");
  EXPECT_EQ(files[0].format, InputFormat::kJsonl);
  EXPECT_EQ(files[3].relative, "sub/Mixed.Json.GZ");
  EXPECT_EQ(files[3].format, InputFormat::kJsonlGzip);
  EXPECT_EQ(files[6].relative, "sub/deeper/x.NDJSON.Zst");
  EXPECT_EQ(files[6].format, InputFormat::kJsonlZstd);
  EXPECT_EQ(expand_inputs({root_.string()}, {InputFormat::kJsonlGzip, {}}).size(), 2u);
}

// The fixture walked from the root in auto: 6 files taken; notes.txt and notes.txt.gz passed
// over by extension; by name the files _SUCCESS.jsonl and sub/deeper/.dot.jsonl and the
// folders .hidden, sub/_checkpoint and sub/deeper/.git (not entered).
TEST_F(InputPlanTest, WalksCountWhatTheyIgnoreByReason) {
  write("sub/table.PARQUET", "PAR1");
  write("sub/deeper/b.parquet", "PAR1");
  write("README", "r");
  ASSERT_EQ(::mkfifo(path("sub/pipe.jsonl").c_str(), 0600), 0);
  fs::create_symlink(path("nowhere"), root_ / "broken.jsonl");
  IgnoredFiles ignored;
  EXPECT_EQ(expand_inputs({root_.string()}, {}, &ignored).size(), 6u);
  EXPECT_EQ(ignored.by_extension, (std::map<std::string, std::uint64_t>{
                                      {"", 1}, {".parquet", 2}, {".txt", 1}, {".txt.gz", 1}}));
  EXPECT_EQ(ignored.hidden, 1u);
  EXPECT_EQ(ignored.own_outputs, 1u);
  EXPECT_EQ(ignored.hidden_dirs, 2u);
  EXPECT_EQ(ignored.own_output_dirs, 1u);
  EXPECT_EQ(ignored.not_regular, 1u);   // the FIFO
  EXPECT_EQ(ignored.broken_links, 1u);  // counted apart, with its reason
  EXPECT_EQ(ignored.not_included, 0u);
  EXPECT_EQ(ignored.excluded, 0u);
  EXPECT_EQ(ignored.total(), 9u);
  EXPECT_EQ(ignored_files_text(ignored),
            "ignored 9 files: 2 *.parquet, 1 with no extension, 1 *.txt, 1 *.txt.gz, 1 not a "
            "regular file, 1 broken symbolic link, 1 hidden (.*), 1 neardup output (_SUCCESS, "
            "_LOCK...); did not enter 3 folders: 2 hidden (.*), 1 neardup output (_checkpoint, "
            "_tmp...)");
  // Walked twice (the root and sub/), each path is counted once.
  IgnoredFiles twice;
  expand_inputs({root_.string(), path("sub")}, {}, &twice);
  EXPECT_EQ(twice.total(), 9u);
  EXPECT_EQ(twice.total_dirs(), 3u);
  // --format text takes every regular file: nothing is ignored by extension.
  IgnoredFiles text;
  EXPECT_EQ(expand_inputs({root_.string()}, {InputFormat::kText, {}}, &text).size(), 11u);
  EXPECT_TRUE(text.by_extension.empty());
  EXPECT_EQ(text.total(), 4u);
}

TEST_F(InputPlanTest, IncludeAndExcludeFilterWalkedFiles) {
  const auto walk = [&](InputFilter filter, IgnoredFiles& ignored) {
    return relatives(expand_inputs({root_.string()}, {std::nullopt, std::move(filter)}, &ignored));
  };
  IgnoredFiles jsonl;
  EXPECT_EQ(walk({{"*.jsonl"}, {}}, jsonl), (std::vector<std::string>{"a.jsonl", "b.jsonl"}));
  EXPECT_EQ(jsonl.not_included, 4u);
  EXPECT_EQ(jsonl.excluded, 0u);
  IgnoredFiles both;  // exclude wins over include; patterns without '/' match the name
  EXPECT_EQ(walk({{"*.jsonl*", "d.*"}, {"b.*", "*.zst"}}, both),
            (std::vector<std::string>{"a.jsonl", "sub/deeper/d.ndjson", "sub/e.jsonl.gz"}));
  EXPECT_EQ(both.excluded, 2u);      // b.jsonl, f.ndjson.zst
  EXPECT_EQ(both.not_included, 1u);  // c.json
  IgnoredFiles below;  // a pattern with '/' matches the path below the root; '*' crosses '/'
  EXPECT_EQ(walk({{"sub/*"}, {"sub/deeper/*"}}, below),
            (std::vector<std::string>{"sub/c.json", "sub/e.jsonl.gz", "sub/f.ndjson.zst"}));
  EXPECT_EQ(below.not_included, 2u);
  EXPECT_EQ(below.excluded, 1u);
  IgnoredFiles sets;
  EXPECT_EQ(walk({{"[ab].jsonl", "?.json"}, {}}, sets),
            (std::vector<std::string>{"a.jsonl", "b.jsonl", "sub/c.json"}));
}

TEST_F(InputPlanTest, FilesNamedDirectlyAreReadWhateverThePatterns) {
  IgnoredFiles ignored;
  const auto files = expand_inputs({root_.string(), path("b.jsonl")},
                                   {std::nullopt, {{}, {"b.jsonl", "a.jsonl"}}}, &ignored);
  EXPECT_EQ(relatives(files),
            (std::vector<std::string>{path("b.jsonl"), "sub/c.json", "sub/deeper/d.ndjson",
                                      "sub/e.jsonl.gz", "sub/f.ndjson.zst"}));
  EXPECT_EQ(ignored.excluded, 1u);  // a.jsonl; b.jsonl, excluded by the walk, is read
  write("list.txt", "sub/c.json\n");
  EXPECT_EQ(expand_inputs({"@" + path("list.txt")}, {std::nullopt, {{"*.zzz"}, {"*.json"}}}).size(),
            1u);
}

TEST_F(InputPlanTest, GlobMatchesAreFiltered) {
  IgnoredFiles ignored;
  const auto files = expand_inputs({path("*.jsonl")}, {std::nullopt, {{}, {"b*"}}}, &ignored);
  EXPECT_EQ(relatives(files), (std::vector<std::string>{path("a.jsonl")}));
  EXPECT_EQ(ignored.excluded, 1u);     // b.jsonl
  EXPECT_EQ(ignored.own_outputs, 1u);  // _SUCCESS.jsonl
  EXPECT_EQ(ignored.total(), 2u);
}

TEST_F(InputPlanTest, AnArgumentLeftEmptyByTheFilterSaysWhatItIgnored) {
  const auto error = [&](const std::string& argument, InputFilter filter) {
    try {
      expand_inputs({argument}, {std::nullopt, std::move(filter)});
    } catch (const IoError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(path("sub/deeper"), {{}, {"*"}}),
            path("sub/deeper") +
                ": directory holds no input file (*.jsonl, *.json, *.ndjson, each also .gz or "
                ".zst); ignored 2 files: 1 excluded by --exclude, 1 hidden (.*); did not enter 1 "
                "folder: 1 hidden (.*)");
  EXPECT_EQ(error(path("*.jsonl"), {{"x*"}, {}}),
            path("*.jsonl") +
                ": no input file matches; ignored 3 files: 2 not matching --include, 1 neardup "
                "output (_SUCCESS, _LOCK...)");
}

TEST_F(InputPlanTest, ForcedJsonLinesFormatsKeepTheirFamilyOfNames) {
  const auto gzip = expand_inputs({root_.string()}, {InputFormat::kJsonlGzip, {}});
  ASSERT_EQ(gzip.size(), 1u);
  EXPECT_EQ(gzip[0].relative, "sub/e.jsonl.gz");
  const auto zstd = expand_inputs({root_.string()}, {InputFormat::kJsonlZstd, {}});
  ASSERT_EQ(zstd.size(), 1u);
  EXPECT_EQ(zstd[0].relative, "sub/f.ndjson.zst");
  const auto plain =
      expand_inputs({root_.string(), path("sub/e.jsonl.gz")}, {InputFormat::kJsonl, {}});
  EXPECT_EQ(plain.size(), 5u);  // a, b, c, d by the walk, e.jsonl.gz named directly
  for (const InputFile& file : plain) EXPECT_EQ(file.format, InputFormat::kJsonl) << file.path;
  EXPECT_THROW(expand_inputs({path("sub/deeper")}, {InputFormat::kJsonlGzip, {}}), IoError);
}

TEST_F(InputPlanTest, ListingOrderDoesNotMatterAndDuplicatesCollapse) {
  const auto one = expand_inputs({path("b.jsonl"), path("a.jsonl"), path("b.jsonl")});
  const auto two = expand_inputs({path("a.jsonl"), path("b.jsonl")});
  ASSERT_EQ(one.size(), 2u);
  EXPECT_EQ(one[0].path, two[0].path);
  EXPECT_EQ(one[1].path, two[1].path);
}

TEST_F(InputPlanTest, OrderIsDeterministicWhateverTheArgumentOrder) {
  write("list.txt", "sub/deeper\na.jsonl\n");
  const std::vector<std::string> arguments = {path("sub"), path("*.jsonl"), "@" + path("list.txt"),
                                              path("b.jsonl")};
  const auto reference = expand_inputs(arguments);
  std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());
  const auto other = expand_inputs(reversed);
  ASSERT_EQ(reference.size(), other.size());
  for (std::size_t i = 0; i < reference.size(); ++i) {
    EXPECT_EQ(reference[i].path, other[i].path);
    EXPECT_EQ(reference[i].relative, other[i].relative);
    EXPECT_EQ(reference[i].format, other[i].format);
    if (i > 0) {
      EXPECT_LT(reference[i - 1].path, reference[i].path);
    }
  }
  // d.ndjson is reached by walking sub/ and sub/deeper: the shortest relative path wins.
  for (const InputFile& file : reference) {
    if (file.path == path("sub/deeper/d.ndjson")) {
      EXPECT_EQ(file.relative, "d.ndjson");
    }
    if (file.path == path("a.jsonl")) {
      EXPECT_EQ(file.relative, "a.jsonl");  // from the list
    }
  }
}

TEST_F(InputPlanTest, GlobsExpand) {
  const auto files = expand_inputs({path("*.jsonl")});
  ASSERT_EQ(files.size(), 2u);  // a, b: _SUCCESS.jsonl is named like neardup's output
  EXPECT_EQ(files[0].relative, path("a.jsonl"));  // the path as matched
  IgnoredFiles ignored;
  EXPECT_EQ(relatives(expand_inputs({path("_*.jsonl")}, {}, &ignored)),
            (std::vector<std::string>{path("_SUCCESS.jsonl")}));  // a pattern naming it
  fs::create_directories(root_ / "sub" / "_checkpoint" / "splits");
  const auto under = expand_inputs({path("sub/*")}, {}, &ignored);
  EXPECT_EQ(under.size(), 6u);  // c.json, e, f, notes.txt(.gz) as matched; deeper/ walked
  EXPECT_EQ(ignored.own_output_dirs, 1u);           // sub/_checkpoint, not entered
  const auto walked = expand_inputs({path("s*")});  // a matched directory is walked
  EXPECT_EQ(walked.size(), 4u);
  EXPECT_EQ(walked[0].relative, "c.json");
}

TEST_F(InputPlanTest, ListFilesNameInputsRelativeToTheirDirectory) {
  fs::create_directories(root_ / "lists");
  write("lists/inputs.txt",
        "# inputs for the test\n"
        "\n"
        "../a.jsonl\n"
        "   ../sub/*.json  \r\n"
        "  # an indented comment\n"
        "../sub/deeper\n" +
            path("b.jsonl") + "\n" + "@more.txt\n");
  write("lists/more.txt", "../sub/notes.txt\n");
  const auto files = expand_inputs({"@" + path("lists/inputs.txt")});
  ASSERT_EQ(files.size(), 5u);
  EXPECT_EQ(files[0].path, path("a.jsonl"));
  EXPECT_EQ(files[0].relative, "../a.jsonl");  // as written in the list
  EXPECT_EQ(files[1].path, path("b.jsonl"));
  EXPECT_EQ(files[1].relative, path("b.jsonl"));  // absolute, as written
  EXPECT_EQ(files[2].path, path("sub/c.json"));
  EXPECT_EQ(files[2].relative, "../sub/c.json");  // glob match relative to the list
  EXPECT_EQ(files[3].path, path("sub/deeper/d.ndjson"));
  EXPECT_EQ(files[3].relative, "d.ndjson");  // walked directory
  EXPECT_EQ(files[4].path, path("sub/notes.txt"));
  EXPECT_EQ(files[4].relative, "../sub/notes.txt");  // from the nested list
}

TEST_F(InputPlanTest, ListErrorsNameTheListAndTheEntry) {
  const std::string missing = error_of({"@" + path("no_such_list.txt")});
  EXPECT_NE(missing.find(path("no_such_list.txt")), std::string::npos) << missing;
  write("bad.txt", "a.jsonl\n# fine so far\nnope.jsonl\n");
  const std::string bad_entry = error_of({"@" + path("bad.txt")});
  EXPECT_NE(bad_entry.find(path("bad.txt") + ":3: nope.jsonl: input not found"), std::string::npos)
      << bad_entry;
  write("self.txt", "@self.txt\n");
  const std::string self = error_of({"@" + path("self.txt")});
  EXPECT_NE(self.find("includes itself"), std::string::npos) << self;
  write("empty.txt", "# nothing\n\n");
  EXPECT_THROW(expand_inputs({"@" + path("empty.txt")}), IoError);
}

TEST_F(InputPlanTest, MissingInputsNameThePath) {
  EXPECT_THROW(expand_inputs({path("nope.jsonl")}), IoError);
  EXPECT_THROW(expand_inputs({path("*.zzz")}), IoError);
  EXPECT_NE(error_of({path("nope.jsonl")}).find("nope.jsonl: input not found"), std::string::npos);
  EXPECT_NE(error_of({path("*.zzz")}).find("*.zzz"), std::string::npos);
  fs::create_directories(root_ / "empty");
  EXPECT_NE(error_of({path("empty")}).find(path("empty")), std::string::npos);
  EXPECT_THROW(expand_inputs({}), IoError);
}

TEST_F(InputPlanTest, UnreadableFilesAreListedUnreadableDirectoriesAreErrors) {
  fs::permissions(root_ / "b.jsonl", fs::perms::none);
  const auto files = expand_inputs({root_.string()});
  ASSERT_EQ(files.size(), 6u);
  EXPECT_EQ(files[1].path, path("b.jsonl"));
  fs::permissions(root_ / "sub" / "deeper", fs::perms::none);
  if (::geteuid() != 0) {  // root reads every directory
    const std::string error = error_of({root_.string()});
    EXPECT_NE(error.find(path("sub/deeper")), std::string::npos) << error;
  }
  fs::permissions(root_ / "sub" / "deeper", fs::perms::owner_all);
}

// A FIFO or device is refused by its type (never opened: open would block on a FIFO without a
// writer) whether named, matched by a glob, listed or being the list; a walk passes it over.
TEST_F(InputPlanTest, FilesThatAreNotRegularAreRefusedByTypeWalksPassThemOver) {
  ASSERT_EQ(::mkfifo(path("pipe.jsonl").c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo(path("list.fifo").c_str(), 0600), 0);
  const std::string fifo = path("pipe.jsonl") + ": input is a FIFO (named pipe), not a regular";
  EXPECT_NE(error_of({path("pipe.jsonl")}).find(fifo), std::string::npos);
  EXPECT_NE(error_of({path("*.jsonl")}).find(fifo), std::string::npos);
  write("list.txt", "a.jsonl\npipe.jsonl\n");
  EXPECT_NE(error_of({"@" + path("list.txt")}).find(fifo), std::string::npos);
  EXPECT_NE(error_of({"@" + path("list.fifo")})
                .find(path("list.fifo") + ": input list is a FIFO (named pipe), not a regular"),
            std::string::npos);
  EXPECT_NE(error_of({"/dev/null"}).find("/dev/null: input is a character device"),
            std::string::npos);
  EXPECT_EQ(expand_inputs({root_.string()}).size(), 6u);
}

TEST_F(InputPlanTest, SymbolicLinkLoopsEndTheWalk) {
  fs::create_directory_symlink(root_, root_ / "sub" / "loop");
  const auto files = expand_inputs({root_.string()});
  EXPECT_EQ(files.size(), 6u);
}

TEST_F(InputPlanTest, RootsAreWhatTheArgumentsNameWithoutWalking) {
  write("list", "sub\n# a comment\n../" + root_.filename().string() + "/a.jsonl\nmissing\n");
  // The list's entries up to the missing one count; the missing argument adds nothing.
  EXPECT_EQ(input_roots(
                {path("sub"), path("b.jsonl"), path("a.js*"), "@" + path("list"), path("missing")}),
            (std::vector<std::string>{path("sub"), path("b.jsonl"), path("a.jsonl"), path("sub"),
                                      path("a.jsonl")}));
  EXPECT_EQ(input_roots({path("s*")}), std::vector<std::string>{path("sub")});
  EXPECT_TRUE(input_roots({path("missing"), "@" + path("no-list")}).empty());
}

TEST(CutSplits, CoversEveryByteOnceInOrder) {
  const std::vector<InputFile> files = {{"x", 10}, {"y", 0}, {"z", 7}};
  const auto splits = cut_splits(files, 4);
  ASSERT_EQ(splits.size(), 6u);  // x: [0,4) [4,8) [8,10); y: [0,0); z: [0,4) [4,7)
  EXPECT_EQ(splits[2].end, 10u);
  EXPECT_EQ(splits[3].file, 1u);
  EXPECT_EQ(splits[3].end, 0u);
  EXPECT_EQ(splits[4].file, 2u);
  EXPECT_EQ(splits[5].begin, 4u);
  EXPECT_EQ(splits[5].end, 7u);
}

TEST(CutSplits, CompressedAndTextFilesAreOneSplit) {
  const std::vector<InputFile> files = {{"a.jsonl.gz", 100, InputFormat::kJsonlGzip, "a"},
                                        {"b.jsonl.zst", 9, InputFormat::kJsonlZstd, "b"},
                                        {"c.txt", 50, InputFormat::kText, "c"},
                                        {"d.txt", 0, InputFormat::kText, "d"},
                                        {"e.jsonl.gz", 0, InputFormat::kJsonlGzip, "e"}};
  const auto splits = cut_splits(files, 4);
  ASSERT_EQ(splits.size(), 5u);  // empty files too: read once, so an unreadable one counts
  EXPECT_EQ(splits[0].file, 0u);
  EXPECT_EQ(splits[0].begin, 0u);
  EXPECT_EQ(splits[0].end, 100u);
  EXPECT_EQ(splits[1].end, 9u);
  EXPECT_EQ(splits[2].end, 50u);
  EXPECT_EQ(splits[3].file, 3u);
  EXPECT_EQ(splits[3].begin, 0u);
  EXPECT_EQ(splits[3].end, 0u);
  EXPECT_EQ(splits[4].file, 4u);
  EXPECT_EQ(splits[4].end, 0u);
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

// The owners are those of the plain rule (largest split first, ties to the lower index, onto
// the lightest rank, ties to the lower rank) on splits with many equal sizes and loads.
TEST(AssignSplits, SameOwnersAsLinearScanOfLoads) {
  std::vector<Split> splits;
  std::uint64_t x = 12345;
  for (std::uint32_t f = 0; f < 3000; ++f) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    splits.push_back({f, 0, (x >> 33) % 7 * 1000 + (f % 5 == 0 ? 0 : 64)});
  }
  for (const int ranks : {1, 2, 3, 7, 64, 1000, 5000}) {
    std::vector<std::size_t> order(splits.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return splits[a].end - splits[a].begin > splits[b].end - splits[b].begin;
    });
    std::vector<std::uint64_t> load(static_cast<std::size_t>(ranks), 0);
    std::vector<int> expected(splits.size(), 0);
    for (const std::size_t s : order) {
      const auto lightest = std::min_element(load.begin(), load.end()) - load.begin();
      expected[s] = static_cast<int>(lightest);
      load[static_cast<std::size_t>(lightest)] += splits[s].end - splits[s].begin;
    }
    EXPECT_EQ(assign_splits(splits, ranks), expected) << ranks << " ranks";
  }
}

}  // namespace
}  // namespace neardup
