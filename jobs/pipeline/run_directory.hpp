// A run's output directory: taken (its lock on rank 0, a guard on every rank), its
// checkpoints opened or resumed, and completed by _SUCCESS or marked stopped.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/write/run_lock.hpp"
#include "jobs/checkpoint/input_stamps.hpp"
#include "jobs/checkpoint/stage_checkpoints.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/pipeline/output_guard.hpp"

namespace neardup {

/// The output directory of one run of a job over a corpus (options.output), from taking it to
/// _SUCCESS, shared by every job so that each locks, resumes and completes it alike.
class RunDirectory {
 public:
  /// The directory of a run of `job` ("minhash", "spans", ...) with `options` (which must
  /// outlive this).
  RunDirectory(Exchanger& exchanger, const JobOptions& options, std::string job);

  /// Collective: takes the directory. Rank 0 locks it (RunLock) and prepares it with `subdirs`:
  /// under --resume its checkpoint is kept, under --overwrite neardup's outputs are removed,
  /// otherwise a directory holding anything is refused. Every rank then learns the run id and
  /// guards its commits (OutputGuard). Errors are agreed on (JobError on every rank).
  void take(const std::vector<std::string>& subdirs);

  /// Collective, after take(): stamps the inputs this rank reads in `plan` and opens the
  /// checkpoints (StageCheckpoints::open) with the manifest of a run of `parameters` (every
  /// option that changes results): saved under OUTPUT/_checkpoint, or under --resume the saved
  /// one, checked against it; none under --no-checkpoint. Logs a resume.
  void open_checkpoints(const JobPlan& plan, const std::string& parameters);

  /// The run's checkpoints (after open_checkpoints).
  StageCheckpoints& checkpoints() { return checkpoints_; }

  /// Whether stage results are saved (--no-checkpoint: not; --resume: always).
  bool checkpointing() const { return checkpoints_.on(); }

  /// Whether this run continues a saved one (--resume).
  bool resumed() const { return checkpointing() && !options_.resume.empty(); }

  /// The stamps of the inputs this rank reads (after open_checkpoints).
  const ReadStamps& stamps() const { return *stamps_; }

  /// The lock's run id, on every rank (after take()).
  const std::string& run_id() const { return run_id_; }

  /// Collective: throws JobError on every rank naming the first input whose size or mtime
  /// changed since the plan (every rank checks the files it reads).
  void check_inputs_unchanged();

  /// Rank 0, last: removes OUTPUT/_tmp (the default scratch of compressed inputs' records),
  /// writes stats.json (`stats`), report.html (`page`, unless null), removes
  /// the temporaries other runs left (logged), writes _SUCCESS (a copy of stats.json), removes
  /// the checkpoint and releases the lock. Throws IoError when a file cannot be written.
  void commit(const std::string& stats, const std::string* page);

  /// Rank 0, once every rank stopped with its checkpoint written: leaves the STOPPED marker
  /// (when checkpointing), so a launch script sees the stop even when the launcher's own exit
  /// code is not 75. A marker that cannot be written is logged, not thrown.
  void mark_stopped() const;

 private:
  Exchanger& exchanger_;
  const JobOptions& options_;
  std::string job_;
  std::optional<RunLock> lock_;  // rank 0: held until _SUCCESS
  std::string run_id_;
  std::optional<OutputGuard> guard_;
  std::optional<ReadStamps> stamps_;
  StageCheckpoints checkpoints_;
};

}  // namespace neardup
