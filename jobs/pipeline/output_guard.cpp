// A run's guard on its output directory: nothing is renamed into it once another run (an
// operator's --break-lock) took its lock, so a _SUCCESS never stands over another run's files.
#include "jobs/pipeline/output_guard.hpp"

#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

#include "io/io_error.hpp"
#include "io/write/run_lock.hpp"

namespace neardup {
namespace {
namespace fs = std::filesystem;

// True when `path` is `dir` or lies under it (lexically).
bool is_under(const fs::path& path, const fs::path& dir) {
  const fs::path relative = path.lexically_normal().lexically_relative(dir.lexically_normal());
  return !relative.empty() && *relative.begin() != "..";
}

// True when `name` ends in ".tmp." and 16 hex digits other than `own_tag` (".HEX").
bool is_foreign_temporary(const std::string& name, const std::string& own_tag) {
  constexpr std::size_t kTail = 5 + 16;  // ".tmp." and the tag's digits
  if (name.size() <= kTail || name.compare(name.size() - kTail, 5, ".tmp.") != 0) return false;
  const std::string tag = name.substr(name.size() - 17);
  if (tag == own_tag) return false;
  return tag.find_first_not_of("0123456789abcdef", 1) == std::string::npos;
}

}  // namespace

std::string temporary_tag(const std::string& run_id) { return "." + run_id.substr(0, 16); }

std::size_t remove_foreign_temporaries(const std::string& dir, const std::string& own_tag) {
  std::vector<fs::path> found;
  std::error_code error;
  for (fs::recursive_directory_iterator it(dir, error), end; !error && it != end;
       it.increment(error)) {
    if (it->is_regular_file(error) && is_foreign_temporary(it->path().filename(), own_tag)) {
      found.push_back(it->path());
    }
  }
  if (error) throw IoError(dir + ": cannot list: " + error.message());
  for (const fs::path& path : found) {
    if (!fs::remove(path, error) && error) {
      throw IoError(path.string() + ": cannot remove: " + error.message());
    }
  }
  return found.size();
}

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
  guard.temp_tag = temporary_tag(run_id);
  guard.check = [dir = fs::path(std::move(dir)).lexically_normal(),
                 run_id = std::move(run_id)](const std::string& path) {
    if (is_under(fs::absolute(path), fs::absolute(dir))) check_output_owner(dir, run_id, path);
  };
  previous_ = set_commit_guard(std::move(guard));
}

OutputGuard::~OutputGuard() { set_commit_guard(std::move(previous_)); }

}  // namespace neardup
