// Test helpers: temporary directories and files, and gzip/zstd codecs independent of neardup's.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace neardup::testutil {

/// A fresh directory under the system temp directory, named after the running test and the
/// process, removed with everything in it on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// The path of `name` inside the directory.
  std::string path(const std::string& name) const;

 private:
  std::filesystem::path root_;
};

/// Writes `bytes` to `path`, replacing it.
void write_file(const std::string& path, std::string_view bytes);

/// The whole content of `path`.
std::string read_file(const std::string& path);

/// True when the command-line tool `name` (e.g. "gzip", "zstd") is on the PATH.
bool have_tool(const std::string& name);

/// Runs a shell command; returns true when it exits with status 0.
bool run(const std::string& command);

/// One gzip member holding `bytes`, made with zlib's deflate.
std::string gzip_with_zlib(std::string_view bytes);

/// One zstd frame holding `bytes`, made with ZSTD_compress (no checksum).
std::string zstd_with_libzstd(std::string_view bytes);

/// The decompressed content of concatenated gzip members, via zlib's inflate. Fails the
/// current test on a decode error.
std::string gunzip_with_zlib(std::string_view gzip);

/// The decompressed content of concatenated zstd frames, via ZSTD_decompress. Fails the
/// current test on a decode error.
std::string unzstd_with_libzstd(std::string_view zstd);

}  // namespace neardup::testutil
