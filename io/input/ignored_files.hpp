// The files input discovery passed over, counted by why: for the log line and stats.json.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "io/json/json_writer.hpp"

namespace neardup {

/// What directory walks (and, for the filter, globs) left out, by reason. Files and folders
/// are counted apart: a folder passed over by its name is not entered, so the files below it
/// are not counted.
struct IgnoredFiles {
  /// Walked files whose name the format does not read, by extension_key.
  std::map<std::string, std::uint64_t> by_extension;
  std::uint64_t not_included = 0;     // --include given and no pattern matches
  std::uint64_t excluded = 0;         // an --exclude pattern matches
  std::uint64_t not_regular = 0;      // walked FIFOs, sockets and devices
  std::uint64_t broken_links = 0;     // walked symbolic links to nothing
  std::uint64_t hidden = 0;           // files named .* (NameKind::kHidden)
  std::uint64_t own_outputs = 0;      // files neardup writes: _SUCCESS, _LOCK... (kOwnOutput)
  std::uint64_t aliases = 0;          // another name (link) of a file read: read once
  std::uint64_t hidden_dirs = 0;      // folders named .*, not entered
  std::uint64_t own_output_dirs = 0;  // folders neardup writes (_checkpoint...), not entered
  std::string alias_example{};        // the first alias, "LINK = FILE", for the log line

  /// Every file counted, folders not.
  std::uint64_t total() const;

  /// Every folder counted.
  std::uint64_t total_dirs() const;

  /// Adds the counts of `other`.
  void add(const IgnoredFiles& other);
};

/// How by_extension groups a file name: its last extension in lower case (".parquet"), with
/// the one before it when the last is a compression suffix (".txt.gz", ".jsonl.bz2"), or ""
/// when the name has none.
std::string extension_key(std::string_view name);

/// One line for the log, "" when nothing was ignored, e.g. "ignored 15 files: 7 *.parquet,
/// 3 *.jsonl.bz2, 1 with no extension, 2 not matching --include, 1 excluded by --exclude,
/// 1 not a regular file, 1 broken symbolic link, 2 hidden (.*), 1 neardup output (_SUCCESS,
/// _LOCK...), 1 another name of a file read (a = b); did not enter 3 folders: 2 hidden (.*),
/// 1 neardup output (_checkpoint...)"; extensions by count, most first (at most 8, then "N
/// with other extensions"). With no file ignored it starts at "did not enter".
std::string ignored_files_text(const IgnoredFiles& ignored);

/// Writes `ignored` as a JSON object: {"total" (files), "by_extension": {".parquet": 7, "": 1},
/// "not_included", "excluded", "not_regular", "broken_links", "hidden" (files), "own_outputs",
/// "aliases", "total_dirs", "hidden_dirs", "own_output_dirs"}.
void write_ignored_files(JsonWriter& json, const IgnoredFiles& ignored);

}  // namespace neardup
