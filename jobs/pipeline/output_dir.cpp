// The output directory: owned by one run at a time, refused when it holds something unless
// --overwrite; completed by _SUCCESS, which is removed first and written last.
#include "jobs/pipeline/output_dir.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "io/write/output_names.hpp"
#include "jobs/checkpoint/stage_checkpoints.hpp"
#include "jobs/mpi/log.hpp"

namespace neardup {
namespace {
namespace fs = std::filesystem;

// True when `dir` holds entries besides its run lock's files (_LOCK, _LOCK.*).
bool holds_entries(const std::string& dir, std::error_code& error) {
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    if (!entry.path().filename().string().starts_with(output_name(Output::kLock))) return true;
  }
  return false;
}

}  // namespace

std::string prepare_output_dir(const std::string& dir, const std::vector<std::string>& subdirs,
                               ExistingOutput existing) {
  std::error_code error;
  if (existing == ExistingOutput::kResume &&
      !fs::exists(fs::path(checkpoint_dir_of(dir)) / "manifest", error)) {
    return dir +
           ": nothing to resume (no _checkpoint/manifest: the run finished, ran with "
           "--no-checkpoint, or never got past planning)";
  }
  if (fs::exists(dir, error)) {
    if (!fs::is_directory(dir, error)) return dir + ": output exists and is not a directory";
    if (holds_entries(dir, error)) {
      if (existing == ExistingOutput::kRefuse) {
        return dir +
               ": output directory is not empty (pass --overwrite to replace neardup's "
               "outputs in it, or --resume to continue an interrupted run)";
      }
      // Every output but the lock, which this run holds (and the checkpoint it resumes).
      for (const OutputEntry& entry : output_entries()) {
        if (entry.output == Output::kLock ||
            (existing == ExistingOutput::kResume && entry.output == Output::kCheckpoint)) {
          continue;
        }
        const fs::path path = fs::path(dir) / entry.name;
        fs::remove_all(path, error);
        if (error) return path.string() + ": cannot remove: " + error.message();
      }
    }
  }
  fs::create_directories(dir, error);
  if (error) return dir + ": cannot create output directory: " + error.message();
  for (const std::string& sub : subdirs) {
    fs::create_directories(fs::path(dir) / sub, error);
    if (error) return (fs::path(dir) / sub).string() + ": cannot create: " + error.message();
  }
  if (::access(dir.c_str(), W_OK) != 0) return dir + ": output directory is not writable";
  return "";
}

std::string open_output_dir(const std::string& dir, const std::vector<std::string>& subdirs,
                            ExistingOutput existing, const std::string& command,
                            const RunLockPolicy& policy, std::optional<RunLock>& lock) {
  std::error_code error;
  if (existing != ExistingOutput::kResume) fs::create_directories(dir, error);
  if (error) return dir + ": cannot create output directory: " + error.message();
  if (fs::is_directory(dir, error)) {
    try {
      std::string took_over;
      lock.emplace(dir, command, policy, took_over);
      if (!took_over.empty()) log_warn(dir + ": " + took_over);
    } catch (const std::exception& e) {
      return e.what();
    }
  }
  return prepare_output_dir(dir, subdirs, existing);
}

std::string contained_relative_path(const std::string& path) {
  fs::path contained;
  for (const fs::path& part : fs::path(path).lexically_normal().relative_path()) {
    if (part == "." || part == ".." || part.empty()) continue;
    contained /= part;
  }
  return contained.empty() ? "document" : contained.string();
}

std::string part_path(const std::string& dir, std::string_view subdir, std::size_t part,
                      const std::string& extension) {
  char name[64];
  std::snprintf(name, sizeof name, "part-%05zu.%s", part, extension.c_str());
  return (fs::path(dir) / subdir / name).string();
}

std::string scratch_path(const std::string& output, const std::string& tmp_dir, const char* kind,
                         int rank) {
  const std::filesystem::path dir = tmp_dir.empty()
                                        ? std::filesystem::path(output) / output_name(Output::kTmp)
                                        : std::filesystem::path(tmp_dir);
  char name[96];
  std::snprintf(name, sizeof name, "neardup-%s-%016zx-rank-%05d", kind,
                std::hash<std::string>{}(std::filesystem::absolute(output).string()), rank);
  return (dir / name).string();
}

}  // namespace neardup
