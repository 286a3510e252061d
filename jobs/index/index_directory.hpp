// The life of an index directory under its writers: the run lock, what an interrupted build or
// add left behind, and the old segments an --overwrite retires once the new index is committed.
#pragma once

#include <optional>
#include <string>

#include "io/write/run_lock.hpp"
#include "jobs/index/index_meta.hpp"

namespace neardup {

/// How a writer opens an index directory.
struct IndexWrite {
  std::string dir;
  bool add = false;        // index add: the index must be there and sound
  bool overwrite = false;  // index build --overwrite: replace the index (or a killed build's files)
  RunLockPolicy lock;      // --break-lock
};

/// Rank 0, before a build or add writes anything: creates the directory (build), takes its run
/// lock into `lock` (held until the caller releases it after committing), then readies it:
/// - add: loads index.meta into `meta` and opens every segment, checking sizes and checksums,
///   so a damaged index is refused before it changes; removes segment directories index.meta
///   does not list (what an interrupted add left).
/// - build: refuses an index already there without `overwrite`, and a directory holding files
///   that are not an index's. With `overwrite`, the old index stays readable until the new one
///   is committed (`meta` continues its segment numbering); what an interrupted build left
///   (segments without an index.meta) is cleared. Without `overwrite` such leftovers are refused
///   with a message saying to use it.
/// Returns "" or the error, naming the directory (and for a held lock the holder).
std::string open_index_for_writing(const IndexWrite& write, std::optional<RunLock>& lock,
                                   IndexMeta& meta);

/// Rank 0, after index.meta is committed: removes the segment directories it does not list
/// (an overwritten index's). Returns how many were removed; errors are logged, not thrown: the
/// committed index is complete without them.
std::size_t remove_unlisted_segments(const std::string& dir, const IndexMeta& meta);

}  // namespace neardup
