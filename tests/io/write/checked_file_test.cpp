// Checked files: one written as a stream reads back as one saved whole, and a damaged one
// (flipped, truncated or padded) is refused by the streamed check as by the whole read.
#include "io/write/checked_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include "io/io_error.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMagic = "neardup-test";

std::string path_of(const std::string& name) {
  return (fs::temp_directory_path() /
          ("neardup_checked_" + name + "_" + std::to_string(::getpid())))
      .string();
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// 3 MiB of random bytes (newlines and NULs among them): more than the check's buffer.
std::string random_payload() {
  std::mt19937_64 random(7);
  std::string payload(3 << 20, '\0');
  for (char& c : payload) c = static_cast<char>(random());
  return payload;
}

// Writes `payload` through a CheckedFileWriter in pieces of growing size.
void write_streamed(const std::string& path, const std::string& payload) {
  CheckedFileWriter file(path, kMagic, 3, SyncOnCommit::kNo);
  for (std::size_t at = 0, piece = 1; at < payload.size(); at += piece, piece = piece * 3 + 1) {
    file.write(std::string_view(payload).substr(at, piece));
  }
  EXPECT_EQ(file.size(), payload.size());
  file.commit();
}

TEST(CheckedFile, AStreamedFileReadsBackAsASavedOne) {
  const std::string payload = random_payload();
  const std::string streamed = path_of("streamed"), saved = path_of("saved");
  write_streamed(streamed, payload);
  save_checked_file(saved, kMagic, 3, payload, SyncOnCommit::kNo);
  for (const std::string& path : {streamed, saved}) {
    EXPECT_EQ(load_checked_file(path, kMagic, 3, "test file"), payload) << path;
    const CheckedPayload where = check_checked_file(path, kMagic, 3, "test file");
    EXPECT_EQ(where.size, payload.size());
    EXPECT_EQ(file_bytes(path).substr(where.offset), payload) << path;
    fs::remove(path);
  }
}

TEST(CheckedFile, AnEmptyStreamedPayloadIsAFile) {
  const std::string path = path_of("empty");
  write_streamed(path, "");
  EXPECT_EQ(load_checked_file(path, kMagic, 3, "test file"), "");
  EXPECT_EQ(check_checked_file(path, kMagic, 3, "test file").size, 0u);
  fs::remove(path);
}

TEST(CheckedFile, DamageIsFoundByTheStreamedCheck) {
  const std::string payload = random_payload();
  const std::string path = path_of("damaged");
  const auto refused = [&](const std::string& bytes, const std::string& why) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    for (const bool streamed : {true, false}) {
      try {
        if (streamed) {
          check_checked_file(path, kMagic, 3, "test file");
        } else {
          load_checked_file(path, kMagic, 3, "test file");
        }
        ADD_FAILURE() << why << " was not refused";
      } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find(path + ": test file " + why), std::string::npos)
            << e.what();
      }
    }
  };
  write_streamed(path, payload);
  const std::string good = file_bytes(path);
  std::string flipped = good;
  flipped[good.size() - payload.size() / 2] ^= 1;
  refused(flipped, "checksum mismatch");
  refused(good.substr(0, good.size() - 1), "truncated or padded");
  refused(good + "x", "truncated or padded");
  EXPECT_THROW(check_checked_file(path, "other-magic", 3, "test file"), IoError);
  EXPECT_THROW(check_checked_file(path_of("missing"), kMagic, 3, "test file"), IoError);
  fs::remove(path);
}

TEST(CheckedFile, AnAbandonedStreamLeavesNothing) {
  const std::string path = path_of("abandoned");
  {
    CheckedFileWriter file(path, kMagic, 3, SyncOnCommit::kNo);
    file.write("some bytes");
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST(CheckedFile, AStreamToAFullDiskFailsNamingIt) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string path = path_of("full");
  fs::remove(path + ".tmp");
  fs::create_symlink("/dev/full", path + ".tmp");
  try {
    CheckedFileWriter file(path, kMagic, 3, SyncOnCommit::kNo);
    file.write(random_payload());
    file.commit();
    ADD_FAILURE() << "a full disk was not an error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  fs::remove(path + ".tmp");
}

}  // namespace
}  // namespace neardup
