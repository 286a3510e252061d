// The output directory: owned by one run at a time (its run lock), refused when it holds
// something unless --overwrite; completed by _SUCCESS, which is removed first and written last.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/write/run_lock.hpp"

namespace neardup {

/// What to do with an output directory that already holds entries.
enum class ExistingOutput {
  kRefuse,     // a new run into a non-empty directory is an error
  kOverwrite,  // --overwrite: remove neardup's outputs and checkpoints, keep other files
  kResume,     // --resume: remove neardup's outputs, keep the checkpoints (which must exist)
};

/// Prepares `dir` for a run (rank 0 only): creates it and `subdirs`; when it already holds
/// entries, acts as `existing` says (_SUCCESS is removed first). Returns an error message
/// naming the path, or "".
std::string prepare_output_dir(const std::string& dir, const std::vector<std::string>& subdirs,
                               ExistingOutput existing);

/// Rank 0: takes the run lock of `dir` for `command` into `lock` (creating `dir` first unless
/// resuming), logs a stale lock taken over, then prepare_output_dir. Returns an error message
/// (the holder of a live lock, or prepare_output_dir's), "" when the directory is this run's.
std::string open_output_dir(const std::string& dir, const std::vector<std::string>& subdirs,
                            ExistingOutput existing, const std::string& command,
                            const RunLockPolicy& policy, std::optional<RunLock>& lock);

/// `path` made safe to place under an output directory: no root, no "." or ".." parts
/// ("/data/a/../b.txt" -> "data/b.txt"); "document" when nothing is left.
std::string contained_relative_path(const std::string& path);

/// Where `rank` keeps the scratch records of a run writing to `output` (`kind`: "spill", the
/// records of compressed inputs that later stages re-read; "shared", those of its documents of
/// shared splits): in `tmp_dir`, or OUTPUT/_tmp when it is "", named for the output directory
/// too, so that runs sharing a --tmp-dir never meet.
std::string scratch_path(const std::string& output, const std::string& tmp_dir, const char* kind,
                         int rank);

/// The path of a part file: DIR/SUBDIR/part-NNNNN.EXT.
std::string part_path(const std::string& dir, std::string_view subdir, std::size_t part,
                      const std::string& extension);

}  // namespace neardup
