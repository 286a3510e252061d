// Input planning: expand files, directories and globs into a sorted file list, cut into splits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace neardup {

/// One input file and its size in bytes.
struct InputFile {
  std::string path;
  std::uint64_t size = 0;
};

/// A byte range [begin, end) of one input file. The split owns every line that starts inside
/// it (a line starting at `begin` belongs to it only if begin == 0 or byte begin-1 is '\n'),
/// so lines are never cut and every line belongs to exactly one split.
struct Split {
  std::uint32_t file = 0;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

/// Expands command-line inputs into a sorted, de-duplicated list of files. Each argument may be
/// a file (taken as is), a directory (walked recursively for *.jsonl, *.json and *.ndjson,
/// skipping names that start with '.' or '_'), or a glob pattern. Throws IoError naming the
/// argument when it matches nothing, and when the whole set is empty.
std::vector<InputFile> expand_inputs(const std::vector<std::string>& arguments);

/// Cuts every file into splits of about `split_bytes` (the last split of a file may be
/// shorter); empty files give no split. Splits are in input order: by file, then offset.
std::vector<Split> cut_splits(const std::vector<InputFile>& files, std::uint64_t split_bytes);

/// Assigns splits to `ranks` owners balancing bytes: largest split first onto the currently
/// lightest rank (ties to the lower split index and lower rank), deterministic.
std::vector<int> assign_splits(const std::vector<Split>& splits, int ranks);

}  // namespace neardup
