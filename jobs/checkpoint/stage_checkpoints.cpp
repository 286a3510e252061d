// Stage results kept across a kill: the manifest opened or resumed, each stage recorded once
// every rank saved its part.
#include "jobs/checkpoint/stage_checkpoints.hpp"

#include <filesystem>

#include "io/write/output_names.hpp"

namespace neardup {

namespace fs = std::filesystem;

std::string checkpoint_dir_of(const std::string& output_dir) {
  return (fs::path(output_dir) / output_name(Output::kCheckpoint)).string();
}

std::string stopped_marker_of(const std::string& output_dir) {
  return (fs::path(checkpoint_dir_of(output_dir)) / "STOPPED").string();
}

void StageCheckpoints::open(RunManifest now, bool on) {
  on_ = on;
  if (!on_) {
    manifest_ = std::move(now);
    return;
  }
  const MPI_Comm comm = exchanger_.comm();
  const std::string dir = checkpoint_dir_of(options_.output);
  std::string error, text;
  if (exchanger_.rank() == 0) {
    try {
      if (!options_.resume.empty()) {
        RunManifest saved = load_manifest(dir);
        saved.inputs = load_input_stamps(dir);
        error = resume_mismatch(saved, now);
        if (!error.empty()) {
          error = options_.output + ": cannot resume: " + error +
                  " (to start over with this run's flags, pass --overwrite instead of --resume)";
        }
        text = manifest_to_text(saved);
      } else {
        fs::create_directories(fs::path(dir) / "splits");
        save_input_stamps(dir, now.inputs);
        save_manifest(dir, now);
        text = manifest_to_text(now);
      }
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  agree_on_errors(comm, error);
  manifest_ = manifest_from_text(broadcast_string(comm, text));
}

bool StageCheckpoints::read_saved(const std::function<void()>& read) {
  try {
    run_agreed(exchanger_.comm(), read);
    return true;
  } catch (const JobError& e) {
    if (exchanger_.rank() == 0) log_warn(std::string(e.what()) + "; running the stage again");
    return false;
  }
}

StagePartWriter StageCheckpoints::part_writer(const std::string& stage, const std::string& scratch,
                                              std::size_t record_size) const {
  const PartIdentity id{manifest_.run_id, stage, exchanger_.rank(), exchanger_.size()};
  if (!on_) return StagePartWriter(scratch, id, record_size, SyncOnCommit::kNo);
  return StagePartWriter(stage_part_path(checkpoint_dir_of(options_.output), stage, id.part), id,
                         record_size);
}

void StageCheckpoints::finish_stage(const std::string& stage, const std::string& error) {
  const MPI_Comm comm = exchanger_.comm();
  agree_on_errors(comm, error);
  manifest_.finished.push_back({stage, exchanger_.size()});
  run_agreed(comm, [&] {
    if (exchanger_.rank() == 0) save_manifest(checkpoint_dir_of(options_.output), manifest_);
  });
}

}  // namespace neardup
