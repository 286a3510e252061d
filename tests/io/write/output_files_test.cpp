// AtomicFile, JsonWriter, base64 and TSV escaping: outputs appear whole or not at all (and not
// when a commit guard refuses), and escape right.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "io/io_error.hpp"
#include "io/json/base64.hpp"
#include "io/json/json_writer.hpp"
#include "io/write/atomic_file.hpp"
#include "io/write/tsv.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

TEST(AtomicFile, AppearsOnlyAfterCommit) {
  const fs::path path = fs::temp_directory_path() / "neardup_atomic.txt";
  fs::remove(path);
  {
    AtomicFile file(path.string());
    file.write("hello ");
    file.write(std::string(3 << 20, 'x'));
    EXPECT_FALSE(fs::exists(path));
    file.commit();
  }
  EXPECT_EQ(fs::file_size(path), 6u + (3u << 20));
  std::ifstream in(path, std::ios::binary);
  std::string head(6, '\0');
  in.read(head.data(), 6);
  EXPECT_EQ(head, "hello ");
  EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
}

TEST(AtomicFile, AbandonedFileLeavesNothing) {
  const fs::path path = fs::temp_directory_path() / "neardup_abandoned.txt";
  fs::remove(path);
  {
    AtomicFile file(path.string());
    file.write("partial");
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
}

TEST(AtomicFile, ACommitGuardNamesTemporariesAndCanRefuseTheRename) {
  const fs::path path = fs::temp_directory_path() / "neardup_guarded.txt";
  fs::remove(path);
  std::vector<std::string> checked;
  const CommitGuard before = set_commit_guard({".run7", [&](const std::string& final_path) {
                                                 checked.push_back(final_path);
                                                 if (checked.size() == 2) throw IoError("refused");
                                               }});
  {
    AtomicFile file(path.string());
    file.write("first");
    EXPECT_TRUE(fs::exists(path.string() + ".tmp.run7"));
    EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
    file.commit();
  }
  {
    AtomicFile file(path.string());
    file.write("second");
    EXPECT_THROW(file.commit(), IoError);
  }
  set_commit_guard(before);
  EXPECT_EQ(checked, (std::vector<std::string>{path.string(), path.string()}));
  std::ifstream in(path);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "first");
  EXPECT_FALSE(fs::exists(path.string() + ".tmp.run7"));
  fs::remove(path);
}

TEST(AtomicFile, UnwritableDirectoryNamesThePath) {
  try {
    AtomicFile file("/nonexistent-dir/neardup/out.tsv");
    FAIL() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/neardup/out.tsv"), std::string::npos);
  }
}

TEST(AtomicFile, DiskFullIsAnError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  // Writing through a symlink to /dev/full fails like a full disk.
  const fs::path dir = fs::temp_directory_path() / "neardup_full";
  fs::create_directories(dir);
  fs::remove(dir / "out.tmp");
  fs::create_symlink("/dev/full", dir / "out.tmp");
  AtomicFile file((dir / "out").string());
  file.write("x");
  EXPECT_THROW(file.commit(), IoError);
  fs::remove_all(dir);
}

TEST(JsonWriter, NestedObjectsAndArrays) {
  JsonWriter json;
  json.begin_object();
  json.key("a").value(std::uint64_t{1});
  json.key("s").value("q\"\\\n\x01");
  json.key("list").begin_array().value(2).value(true).end_array();
  json.key("empty").begin_object().end_object();
  json.key("x").value(0.5);
  json.end_object();
  EXPECT_EQ(
      json.str(),
      "{\n  \"a\": 1,\n  \"s\": \"q\\\"\\\\\\n\\u0001\",\n  \"list\": [\n    2,\n    true\n  ],"
      "\n  \"empty\": {},\n  \"x\": 0.500000\n}\n");
}

// Whatever the bytes, a JSON string written is valid JSON: each byte outside well-formed
// UTF-8 becomes U+FFFD, well-formed sequences stay.
TEST(JsonWriter, InvalidUtf8BecomesReplacementCharacters) {
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_EQ(json_escape("a\xFFz"), "a" + r + "z");
  EXPECT_EQ(json_escape("\xE2\x82"), r + r);          // truncated at the end
  EXPECT_EQ(json_escape("\xE2\x82z"), r + r + "z");   // truncated inside
  EXPECT_EQ(json_escape("\xC0\xAF"), r + r);          // overlong '/'
  EXPECT_EQ(json_escape("\xED\xA0\x80"), r + r + r);  // a surrogate
  EXPECT_EQ(json_escape("\xC3\xBC\xF0\x9F\x98\x80\xE2\x82\xAC"),
            "\xC3\xBC\xF0\x9F\x98\x80\xE2\x82\xAC");
  JsonWriter json;
  json.begin_object().key("k\xFF").value("v\x80").end_object();
  EXPECT_EQ(json.str(), "{\n  \"k" + r + "\": \"v" + r + "\"\n}\n");
}

TEST(Base64, Rfc4648Vectors) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foo"), "Zm9v");
  EXPECT_EQ(base64_encode("foob"), "Zm9vYg==");
  EXPECT_EQ(base64_encode("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64_encode(std::string_view("\xFF\xFE\x00\x80", 4)), "//4AgA==");
}

TEST(Tsv, EscapesSeparators) {
  EXPECT_EQ(escape_tsv_field("a\tb\nc\rd\\e"), "a\\tb\\nc\\rd\\\\e");
  EXPECT_EQ(escape_tsv_field("plain id"), "plain id");
}

// Unescaping gives back what was escaped, and leaves a backslash that escapes nothing.
TEST(Tsv, UnescapesWhatWasEscaped) {
  for (const std::string field : {"a\tb\nc\rd\\e", "\\t", "\\\\", "plain id", ""}) {
    EXPECT_EQ(unescape_tsv_field(escape_tsv_field(field)), field);
  }
  EXPECT_EQ(unescape_tsv_field("a\\tb"), "a\tb");
  EXPECT_EQ(unescape_tsv_field("x\\y\\"), "x\\y\\");
}

}  // namespace
}  // namespace neardup
