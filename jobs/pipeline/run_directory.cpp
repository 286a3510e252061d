// A run's output directory: lock, guard, checkpoints, _SUCCESS and the STOPPED marker.
#include "jobs/pipeline/run_directory.hpp"

#include <filesystem>
#include <utility>

#include "io/io_error.hpp"
#include "io/write/atomic_file.hpp"
#include "io/write/output_names.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/pipeline/output_dir.hpp"

namespace neardup {

RunDirectory::RunDirectory(Exchanger& exchanger, const JobOptions& options, std::string job)
    : exchanger_(exchanger),
      options_(options),
      job_(std::move(job)),
      checkpoints_(exchanger, options) {}

void RunDirectory::take(const std::vector<std::string>& subdirs) {
  const ExistingOutput existing = !options_.resume.empty() ? ExistingOutput::kResume
                                  : options_.overwrite     ? ExistingOutput::kOverwrite
                                                           : ExistingOutput::kRefuse;
  RunLockPolicy policy;
  policy.break_lock = options_.break_lock;
  const MPI_Comm comm = exchanger_.comm();
  agree_on_errors(comm, exchanger_.rank() == 0 ? open_output_dir(options_.output, subdirs, existing,
                                                                 job_, policy, lock_)
                                               : std::string());
  run_id_ = broadcast_string(comm, lock_ ? lock_->holder().run_id : "");
  guard_.emplace(options_.output, run_id_);
}

void RunDirectory::open_checkpoints(const JobPlan& plan, const std::string& parameters) {
  RunManifest now;
  now.job = job_;
  now.parameters = parameters;
  now.splits = plan.splits.size();
  now.run_id = run_id_;
  stamps_.emplace(plan, exchanger_.rank());
  const bool saving = options_.checkpoint || !options_.resume.empty();
  if (saving) now.inputs = gather_input_stamps(exchanger_.comm(), plan, *stamps_);
  checkpoints_.open(std::move(now), saving);
  if (resumed()) log_info("resuming the run in " + options_.output);
}

void RunDirectory::check_inputs_unchanged() {
  agree_on_errors(exchanger_.comm(), stamps_->changed());
}

void RunDirectory::commit(const std::string& stats, const std::string* page) {
  const std::filesystem::path out(options_.output);
  if (options_.tmp_dir.empty()) std::filesystem::remove_all(out / output_name(Output::kTmp));
  write_file_atomically((out / output_name(Output::kStats)).string(), stats);
  if (page) write_file_atomically((out / output_name(Output::kReport)).string(), *page);
  // Temporaries of other runs: one whose lock this run broke, or one killed before this run
  // took its stale lock over (this run holds the lock, so no live run writes them).
  const std::size_t removed = remove_foreign_temporaries(options_.output, temporary_tag(run_id_));
  if (removed > 0) {
    log_warn(options_.output + ": removed " + std::to_string(removed) +
             " temporaries left by another run (one killed, or whose lock was broken)");
  }
  write_file_atomically((out / output_name(Output::kSuccess)).string(), stats);
  if (checkpointing()) std::filesystem::remove_all(checkpoint_dir_of(options_.output));
  lock_->release();
  log_info("wrote " + options_.output);
}

void RunDirectory::mark_stopped() const {
  if (!checkpointing()) return;
  try {
    write_file_atomically(stopped_marker_of(options_.output),
                          "stopped by a signal; the checkpoint is complete: continue with "
                          "--resume " +
                              options_.output + "\n");
  } catch (const IoError& e) {
    log_warn(e.what());
  }
}

}  // namespace neardup
