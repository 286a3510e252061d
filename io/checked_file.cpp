// Small files that prove their own integrity: a magic line with format version, checksum and
// length before the payload, written atomically; a truncated or corrupt file is refused.
#include "io/checked_file.hpp"

#include <xxhash.h>

#include <cstdio>
#include <fstream>

#include "io/atomic_file.hpp"
#include "io/io_error.hpp"

namespace neardup {
namespace {

std::string hex_checksum(std::string_view bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(XXH3_64bits(bytes.data(), bytes.size())));
  return text;
}

}  // namespace

void save_checked_file(const std::string& path, std::string_view magic, std::uint32_t version,
                       std::string_view payload, SyncOnCommit sync) {
  AtomicFile file(path, sync);
  file.write(std::string(magic) + " " + std::to_string(version) + " " + hex_checksum(payload) +
             " " + std::to_string(payload.size()) + "\n");
  file.write(payload);
  file.commit();
}

std::string load_checked_file(const std::string& path, std::string_view magic,
                              std::uint32_t version, std::string_view what) {
  const std::string kind(what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(path + ": not found (not a neardup " + kind + "?)");
  std::string found_magic;
  unsigned found_version = 0;
  std::string checksum;
  std::size_t size = 0;
  in >> found_magic >> found_version >> checksum >> size;
  if (!in || found_magic != magic) throw IoError(path + ": not a neardup " + kind);
  if (found_version != version) {
    throw IoError(path + ": " + kind + " format " + std::to_string(found_version) +
                  ", this neardup reads " + std::to_string(version));
  }
  in.get();  // the header's newline
  std::string payload(size, '\0');
  in.read(payload.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::size_t>(in.gcount()) != size || in.peek() != EOF) {
    throw IoError(path + ": " + kind + " truncated or padded");
  }
  if (checksum != hex_checksum(payload)) {
    throw IoError(path + ": " + kind + " checksum mismatch (corrupt)");
  }
  return payload;
}

}  // namespace neardup
