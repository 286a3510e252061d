// Small files that prove their own integrity: a magic line with format version, checksum and
// length before the payload, written atomically; a truncated or corrupt file is refused.
#include "io/write/checked_file.hpp"

#include <xxhash.h>

#include <cstdio>
#include <fstream>

#include "core/sketch/sketch_format.hpp"
#include "io/io_error.hpp"
#include "io/write/atomic_file.hpp"

namespace neardup {
namespace {

std::string hex(std::uint64_t checksum) {
  char text[32];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(checksum));
  return text;
}

std::string hex_checksum(std::string_view bytes) {
  return hex(XXH3_64bits(bytes.data(), bytes.size()));
}

}  // namespace

void save_checked_file(const std::string& path, std::string_view magic, std::uint32_t version,
                       std::string_view payload, SyncOnCommit sync) {
  save_checked_file(path, magic, version, std::span(&payload, 1), sync);
}

void save_checked_file(const std::string& path, std::string_view magic, std::uint32_t version,
                       std::span<const std::string_view> pieces, SyncOnCommit sync) {
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  std::size_t size = 0;
  for (const std::string_view piece : pieces) {
    XXH3_64bits_update(state, piece.data(), piece.size());
    size += piece.size();
  }
  const std::uint64_t checksum = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  AtomicFile file(path, sync);
  file.write(std::string(magic) + " " + std::to_string(version) + " " + hex(checksum) + " " +
             std::to_string(size) + "\n");
  for (const std::string_view piece : pieces) file.write(piece);
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
    throw FormatVersionError(path + ": " + kind + " format " +
                             describe_stored_version(found_version) + ", this neardup reads " +
                             describe_stored_version(version));
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
