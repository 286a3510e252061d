// Files that prove their own integrity: the header written first (or filled in last when
// streamed), the payload checked against it whole or a buffer at a time.
#include "io/write/checked_file.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <new>
#include <vector>

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

// The header's checksum and length, fixed in width (20 digits: the largest length's) so that
// CheckedFileWriter can fill them in last.
std::string header_tail(std::uint64_t checksum, std::uint64_t size) {
  char text[64];
  std::snprintf(text, sizeof text, "%s %020llu\n", hex(checksum).c_str(),
                static_cast<unsigned long long>(size));
  return text;
}

// How much of a payload check_checked_file reads at once.
constexpr std::size_t kCheckBufferBytes = 1 << 20;

// A checked file's header as read.
struct Header {
  std::string checksum;
  std::uint64_t size = 0;
};

// Reads the header of the file `in` opened at `path`, leaving `in` at the payload's first
// byte; throws IoError when the file is missing or not a `what` with `magic`,
// FormatVersionError when it has another version.
Header read_header(std::istream& in, const std::string& path, std::string_view magic,
                   std::uint32_t version, std::string_view what) {
  const std::string kind(what);
  if (!in) throw IoError(path + ": not found (not a neardup " + kind + "?)");
  std::string found_magic;
  unsigned found_version = 0;
  Header header;
  in >> found_magic >> found_version >> header.checksum >> header.size;
  if (!in || found_magic != magic) throw IoError(path + ": not a neardup " + kind);
  if (found_version != version) {
    throw FormatVersionError(path + ": " + kind + " format " +
                             describe_stored_version(found_version) + ", this neardup reads " +
                             describe_stored_version(version));
  }
  in.get();  // the header's newline
  return header;
}

// Throws IoError unless the payload read was `whole` (neither truncated nor padded) and its
// `checksum` is the header's.
void check_payload(const std::string& path, std::string_view what, const Header& header, bool whole,
                   std::uint64_t checksum) {
  if (!whole) throw IoError(path + ": " + std::string(what) + " truncated or padded");
  if (header.checksum != hex(checksum)) {
    throw IoError(path + ": " + std::string(what) + " checksum mismatch (corrupt)");
  }
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

CheckedFileWriter::CheckedFileWriter(const std::string& path, std::string_view magic,
                                     std::uint32_t version, SyncOnCommit sync)
    : file_(path, sync),
      checksum_(XXH3_createState()),
      head_(std::string(magic) + " " + std::to_string(version) + " ") {
  if (checksum_ == nullptr) throw std::bad_alloc();
  XXH3_64bits_reset(checksum_);
  const std::string header = head_ + header_tail(0, 0);
  file_.write(header);
  payload_offset_ = header.size();
}

CheckedFileWriter::~CheckedFileWriter() { XXH3_freeState(checksum_); }

void CheckedFileWriter::write(std::string_view bytes) {
  XXH3_64bits_update(checksum_, bytes.data(), bytes.size());
  file_.write(bytes);
  size_ += bytes.size();
}

void CheckedFileWriter::commit() {
  file_.overwrite(head_.size(), header_tail(XXH3_64bits_digest(checksum_), size_));
  file_.commit();
}

CheckedPayload check_checked_file(const std::string& path, std::string_view magic,
                                  std::uint32_t version, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  const Header header = read_header(in, path, magic, version, what);
  CheckedPayload payload{static_cast<std::uint64_t>(in.tellg()), header.size};
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  std::vector<char> buffer(kCheckBufferBytes);
  for (std::uint64_t left = header.size; left > 0 && in;) {
    const auto want = static_cast<std::streamsize>(std::min<std::uint64_t>(left, buffer.size()));
    in.read(buffer.data(), want);
    XXH3_64bits_update(state, buffer.data(), static_cast<std::size_t>(in.gcount()));
    left -= static_cast<std::uint64_t>(in.gcount());
    if (in.gcount() != want) payload.size = 0;  // truncated
  }
  const std::uint64_t checksum = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  check_payload(path, what, header, payload.size == header.size && in.peek() == EOF, checksum);
  return payload;
}

std::string load_checked_file(const std::string& path, std::string_view magic,
                              std::uint32_t version, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  const Header header = read_header(in, path, magic, version, what);
  std::string payload(header.size, '\0');
  in.read(payload.data(), static_cast<std::streamsize>(header.size));
  const bool whole = static_cast<std::size_t>(in.gcount()) == header.size && in.peek() == EOF;
  check_payload(path, what, header, whole, XXH3_64bits(payload.data(), payload.size()));
  return payload;
}

}  // namespace neardup
