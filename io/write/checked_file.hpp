// Small files that prove their own integrity: a magic line with format version, checksum and
// length before the payload, written atomically; a truncated or corrupt file is refused.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "io/write/atomic_file.hpp"

namespace neardup {

/// Writes `payload` to `path` atomically (temporary + rename) behind the header line
/// "MAGIC VERSION XXH3-64 LENGTH". Throws IoError naming the path on any write error. With
/// SyncOnCommit::kNo the caller must treat a file refused by load_checked_file as absent.
void save_checked_file(const std::string& path, std::string_view magic, std::uint32_t version,
                       std::string_view payload, SyncOnCommit sync = SyncOnCommit::kYes);

/// As above, for the payload made of `pieces` one after another, written without joining them.
void save_checked_file(const std::string& path, std::string_view magic, std::uint32_t version,
                       std::span<const std::string_view> pieces,
                       SyncOnCommit sync = SyncOnCommit::kYes);

/// Reads a file written by save_checked_file and returns its payload. Throws IoError naming
/// the path and `what` (e.g. "checkpoint") when it is missing, has another magic, or is
/// truncated, padded or corrupt (checksum); FormatVersionError when it has another version.
std::string load_checked_file(const std::string& path, std::string_view magic,
                              std::uint32_t version, std::string_view what);

}  // namespace neardup
