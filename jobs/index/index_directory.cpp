// The life of an index directory under its writers: the run lock, what an interrupted build or
// add left behind, and the old segments an --overwrite retires once the new index is committed.
#include "jobs/index/index_directory.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "io/io_error.hpp"
#include "io/write/output_names.hpp"
#include "jobs/index/near_dup_index.hpp"
#include "jobs/mpi/log.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

bool is_segment(const std::string& name) { return name.starts_with("seg-"); }

// Whether `name` is something an index writer puts in its directory.
bool is_index_file(const std::string& name) {
  const std::string lock(output_name(Output::kLock));
  return is_segment(name) || name == "index.meta" || name == "index.meta.tmp" || name == lock ||
         name.starts_with(lock + ".");
}

// The segment directories in `dir` that `meta` does not list.
std::vector<fs::path> unlisted_segments(const std::string& dir, const IndexMeta& meta) {
  std::vector<fs::path> found;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (!is_segment(name)) continue;
    const bool listed = std::any_of(meta.segments.begin(), meta.segments.end(),
                                    [&](const IndexSegment& s) { return s.dir == name; });
    if (!listed) found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

// Removes `paths`, saying why in one log line; false (with `error`) when one cannot go.
bool remove_all_of(const std::vector<fs::path>& paths, const std::string& why, std::string& error) {
  if (paths.empty()) return true;
  log_info(why + ": removing " + std::to_string(paths.size()) + " segment director" +
           (paths.size() == 1 ? "y" : "ies") + " (" + paths.front().filename().string() +
           (paths.size() > 1 ? ", ..." : "") + ")");
  for (const fs::path& path : paths) {
    std::error_code code;
    fs::remove_all(path, code);
    if (code) {
      error = path.string() + ": cannot remove: " + code.message();
      return false;
    }
  }
  return true;
}

// index add: the index must load and every segment check out before it changes.
std::string ready_for_add(const IndexWrite& write, IndexMeta& meta) {
  meta = load_index_meta(write.dir);
  NearDupIndex checked(write.dir);
  std::string error;
  remove_all_of(unlisted_segments(write.dir, meta), write.dir + ": an interrupted index add left",
                error);
  return error;
}

// index build over a directory that has an index.meta: only with --overwrite. The old index
// stays until the new one is committed; one this neardup cannot read goes now.
std::string ready_to_replace(const IndexWrite& write, IndexMeta& meta) {
  if (!write.overwrite) {
    return write.dir + ": an index is already there (use --overwrite or index add)";
  }
  try {
    const IndexMeta old = load_index_meta(write.dir);
    meta.batches = old.batches;
    std::string error;
    remove_all_of(unlisted_segments(write.dir, old),
                  write.dir + ": an interrupted build or add left", error);
    return error;
  } catch (const IoError& e) {
    log_warn(std::string(e.what()) + ": replacing it whole");
    std::string error;
    remove_all_of(unlisted_segments(write.dir, IndexMeta{}), write.dir + ": the unreadable index",
                  error);
    fs::remove(fs::path(write.dir) / "index.meta");
    return error;
  }
}

// index build over a directory without an index.meta: empty, or the leftovers of an
// interrupted build (cleared with --overwrite), or someone else's files (refused).
std::string ready_for_new(const IndexWrite& write) {
  std::vector<fs::path> leftovers;
  for (const fs::directory_entry& entry : fs::directory_iterator(write.dir)) {
    const std::string name = entry.path().filename().string();
    if (!is_index_file(name))
      return write.dir + ": not empty and not an index (holds " + name + ")";
    const std::string lock(output_name(Output::kLock));
    if (name != lock && !name.starts_with(lock + ".")) leftovers.push_back(entry.path());
  }
  if (leftovers.empty()) return "";
  if (!write.overwrite) {
    return write.dir + ": an index build that did not finish left " +
           std::to_string(leftovers.size()) +
           " files here; use --overwrite to clear them and build";
  }
  std::string error;
  remove_all_of(leftovers, write.dir + ": an interrupted index build left", error);
  return error;
}

}  // namespace

std::string open_index_for_writing(const IndexWrite& write, std::optional<RunLock>& lock,
                                   IndexMeta& meta) {
  try {
    std::error_code error;
    if (!write.add) fs::create_directories(write.dir, error);
    if (error) return write.dir + ": cannot create: " + error.message();
    if (!fs::is_directory(write.dir, error)) return write.dir + ": no index directory there";
    std::string took_over;
    lock.emplace(write.dir, write.add ? "index add" : "index build", write.lock, took_over);
    if (!took_over.empty()) log_warn(write.dir + ": " + took_over);
    if (write.add) return ready_for_add(write, meta);
    if (fs::exists(fs::path(write.dir) / "index.meta")) return ready_to_replace(write, meta);
    return ready_for_new(write);
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::size_t remove_unlisted_segments(const std::string& dir, const IndexMeta& meta) {
  try {
    const std::vector<fs::path> old = unlisted_segments(dir, meta);
    std::string error;
    if (!remove_all_of(old, dir + ": the replaced index", error)) log_warn(error);
    return old.size();
  } catch (const std::exception& e) {
    log_warn(dir + ": cannot clear the replaced index's segments: " + e.what());
    return 0;
  }
}

}  // namespace neardup
