// A run's guard on its output directory: nothing is renamed into it once another run (an
// operator's --break-lock) took its lock, so a _SUCCESS never stands over another run's files.
#pragma once

#include <cstddef>
#include <string>

#include "io/write/atomic_file.hpp"

namespace neardup {

/// Throws IoError naming the run that holds the lock of `dir` now (or saying none does) unless
/// it is run `run_id`; `path` is the file that was to be renamed into `dir`.
void check_output_owner(const std::string& dir, const std::string& run_id, const std::string& path);

/// Removes the temporaries another run left under `dir` (files named NAME.tmp.TAG, TAG 16 hex
/// digits other than `own_tag`: those of a run whose lock was broken, or that was killed, before
/// it could remove them). Returns the number removed; throws IoError naming a path it cannot
/// remove.
std::size_t remove_foreign_temporaries(const std::string& dir, const std::string& own_tag);

/// The tag of run `run_id`'s temporaries (see OutputGuard).
std::string temporary_tag(const std::string& run_id);

/// While it lives, every commit (AtomicFile) of a file under `dir` in this process first checks
/// that run `run_id` still holds the lock of `dir` (check_output_owner), on every rank: a run
/// whose lock was taken fails instead of renaming its outputs into the taker's directory. Its
/// temporaries are named for the run (FINAL.tmp.RUN), so the two runs never remove or write
/// each other's.
class OutputGuard {
 public:
  OutputGuard(std::string dir, std::string run_id);
  ~OutputGuard();
  OutputGuard(const OutputGuard&) = delete;
  OutputGuard& operator=(const OutputGuard&) = delete;

 private:
  CommitGuard previous_;
};

}  // namespace neardup
