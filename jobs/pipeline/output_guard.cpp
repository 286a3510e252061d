// A run's guard on its output directory: nothing is renamed into it once another run (an
// operator's --break-lock) took its lock, so a _SUCCESS never stands over another run's files.
#include "jobs/pipeline/output_guard.hpp"

#include <filesystem>
#include <optional>
#include <utility>

#include "io/io_error.hpp"
#include "io/run_lock.hpp"

namespace neardup {
namespace {
namespace fs = std::filesystem;

// True when `path` is `dir` or lies under it (lexically).
bool is_under(const fs::path& path, const fs::path& dir) {
  const fs::path relative = path.lexically_normal().lexically_relative(dir.lexically_normal());
  return !relative.empty() && *relative.begin() != "..";
}

}  // namespace

void check_output_owner(const std::string& dir, const std::string& run_id,
                        const std::string& path) {
  const std::optional<LockHolder> holder = RunLock::holder_of(dir);
  if (holder && holder->run_id == run_id) return;
  throw IoError(dir + ": this run lost its lock, " +
                (holder ? "taken by another run (" + holder->describe() + ", --break-lock)"
                        : std::string("which is gone")) +
                "; not renaming " + path + " into the directory, which is now that run's");
}

OutputGuard::OutputGuard(std::string dir, std::string run_id) {
  CommitGuard guard;
  guard.temp_tag = "." + run_id.substr(0, 16);
  guard.check = [dir = fs::path(std::move(dir)).lexically_normal(),
                 run_id = std::move(run_id)](const std::string& path) {
    if (is_under(fs::absolute(path), fs::absolute(dir))) check_output_owner(dir, run_id, path);
  };
  previous_ = set_commit_guard(std::move(guard));
}

OutputGuard::~OutputGuard() { set_commit_guard(std::move(previous_)); }

}  // namespace neardup
