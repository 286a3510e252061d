// The files input discovery passed over, counted by why: for the log line and stats.json.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "io/json_writer.hpp"

namespace neardup {

/// What directory walks (and, for the filter, globs) left out, by reason.
struct IgnoredFiles {
  /// Walked files whose name the format does not read, by extension_key.
  std::map<std::string, std::uint64_t> by_extension;
  std::uint64_t not_included = 0;  // --include given and no pattern matches
  std::uint64_t excluded = 0;      // an --exclude pattern matches
  std::uint64_t not_regular = 0;   // walked FIFOs, sockets, devices and broken links
  std::uint64_t hidden = 0;        // names starting with '.' or '_' (a directory counts once)

  /// Every file counted, hidden names included.
  std::uint64_t total() const;

  /// Adds the counts of `other`.
  void add(const IgnoredFiles& other);
};

/// How by_extension groups a file name: its last extension in lower case (".parquet"), with
/// the one before it when the last is a compression suffix (".txt.gz", ".jsonl.bz2"), or ""
/// when the name has none.
std::string extension_key(std::string_view name);

/// One line for the log, "" when nothing was ignored, e.g. "ignored 15 files: 7 *.parquet,
/// 3 *.jsonl.bz2, 1 with no extension, 2 not matching --include, 1 excluded by --exclude,
/// 1 not a regular file, 2 named .* or _* (not entered)"; extensions by count, most first (at
/// most 8, then "N with other extensions").
std::string ignored_files_text(const IgnoredFiles& ignored);

/// Writes `ignored` as a JSON object: {"total", "by_extension": {".parquet": 7, "": 1},
/// "not_included", "excluded", "not_regular", "hidden"}.
void write_ignored_files(JsonWriter& json, const IgnoredFiles& ignored);

}  // namespace neardup
