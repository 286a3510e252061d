// Test helpers: temporary directories and files, and gzip/zstd codecs independent of neardup's.
#include "tests/io/compression_fixtures.hpp"

#define ZLIB_CONST
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace neardup::testutil {

TempDir::TempDir() {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string name = test == nullptr
                               ? std::string("none")
                               : std::string(test->test_suite_name()) + "_" + test->name();
  root_ = std::filesystem::temp_directory_path() /
          ("neardup_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(root_);
  std::filesystem::create_directories(root_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(root_, ignored);
}

std::string TempDir::path(const std::string& name) const { return (root_ / name).string(); }

void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  EXPECT_TRUE(out.good()) << path;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

bool have_tool(const std::string& name) { return run("command -v " + name + " >/dev/null 2>&1"); }

bool run(const std::string& command) { return std::system(command.c_str()) == 0; }

std::string gzip_with_zlib(std::string_view bytes) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())), '\0');
  z.next_in = reinterpret_cast<const Bytef*>(bytes.data());
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string zstd_with_libzstd(std::string_view bytes) {
  std::string out(ZSTD_compressBound(bytes.size()), '\0');
  const std::size_t size = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 19);
  EXPECT_FALSE(ZSTD_isError(size));
  out.resize(size);
  return out;
}

std::string gunzip_with_zlib(std::string_view gzip) {
  std::string result;
  std::string chunk(1 << 16, '\0');
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, 16 + MAX_WBITS), Z_OK);
  z.next_in = reinterpret_cast<const Bytef*>(gzip.data());
  z.avail_in = static_cast<uInt>(gzip.size());
  while (!gzip.empty()) {
    z.next_out = reinterpret_cast<Bytef*>(chunk.data());
    z.avail_out = static_cast<uInt>(chunk.size());
    const int status = inflate(&z, Z_NO_FLUSH);
    result.append(chunk.data(), chunk.size() - z.avail_out);
    if (status == Z_STREAM_END && z.avail_in == 0) break;
    if (status == Z_STREAM_END) {
      inflateReset(&z);
    } else if (status != Z_OK) {
      ADD_FAILURE() << "inflate failed: " << status;
      break;
    }
  }
  inflateEnd(&z);
  return result;
}

std::string unzstd_with_libzstd(std::string_view zstd) {
  std::string result;
  while (!zstd.empty()) {
    const std::size_t frame = ZSTD_findFrameCompressedSize(zstd.data(), zstd.size());
    if (ZSTD_isError(frame)) {
      ADD_FAILURE() << "bad zstd frame: " << ZSTD_getErrorName(frame);
      break;
    }
    const unsigned long long size = ZSTD_getFrameContentSize(zstd.data(), frame);
    std::string out(size == ZSTD_CONTENTSIZE_UNKNOWN ? 64u << 20 : size, '\0');
    const std::size_t got = ZSTD_decompress(out.data(), out.size(), zstd.data(), frame);
    if (ZSTD_isError(got)) {
      ADD_FAILURE() << "ZSTD_decompress failed: " << ZSTD_getErrorName(got);
      break;
    }
    result.append(out.data(), got);
    zstd.remove_prefix(frame);
  }
  return result;
}

}  // namespace neardup::testutil
