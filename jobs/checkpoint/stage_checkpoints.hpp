// Stage results kept across a kill: the run's manifest opened (or resumed), each finished
// stage's parts saved and loaded, and a stage computed only when no saved result is usable.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/scratch/sorted_runs.hpp"
#include "jobs/checkpoint/run_manifest.hpp"
#include "jobs/checkpoint/stage_parts.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/options/job_options.hpp"

namespace neardup {

/// The checkpoint directory of a run writing to `output_dir`: OUTPUT/_checkpoint.
std::string checkpoint_dir_of(const std::string& output_dir);

/// The marker a run stopped by a signal leaves once its checkpoint is complete:
/// OUTPUT/_checkpoint/STOPPED (launch scripts read it when the launcher's exit code is not 75).
std::string stopped_marker_of(const std::string& output_dir);

/// A run's checkpoints: its manifest, and each stage's results saved (when checkpointing) and
/// loaded again by a resume.
class StageCheckpoints {
 public:
  StageCheckpoints(Exchanger& exchanger, const JobOptions& options)
      : exchanger_(exchanger), options_(options) {}

  /// Collective: takes `now` as the run's manifest (its inputs on rank 0). When `on`
  /// (checkpointing), a resume (options.resume) loads the saved manifest and input stamps on
  /// rank 0 and refuses to continue when they differ from `now` (JobError on every rank,
  /// saying to pass --overwrite instead), and a new run saves `now` and its input stamps and
  /// creates OUTPUT/_checkpoint/splits. Afterwards no rank's manifest() holds the inputs.
  void open(RunManifest now, bool on);

  /// Whether stage results are saved.
  bool on() const { return on_; }

  /// The run's manifest: the saved one after a resume.
  RunManifest& manifest() { return manifest_; }
  const RunManifest& manifest() const { return manifest_; }

  /// Collective: the records of `stage`, each on the rank owner_of(record) names, sorted by
  /// `less`: loaded when a resumed run finished the stage (then `restore` reads the stage's
  /// counts from the manifest), else computed; when checkpointing, saved with the manifest's
  /// counts (`record`). A stop request is honoured after the stage.
  template <class T, class Owner, class Less>
  std::vector<T> checkpointed(const std::string& stage, Owner owner_of, Less less,
                              const std::function<std::vector<T>()>& compute,
                              const std::function<void(const RunManifest&)>& restore,
                              const std::function<void(RunManifest&)>& record);

  /// Collective: as checkpointed, for a stage whose records are too many to hold at once:
  /// `compute` writes this rank's records, sorted by `less`, to the writer it is given (a write
  /// error shows when it is done, on every rank), and the result says where they lie, to be
  /// read in order (FileRecords). When checkpointing, the file is this rank's part of the
  /// stage; otherwise it is `scratch`. A resume by as many ranks as saved the stage reads each
  /// rank's part where it lies, checked whole (checksum, identity, and every record this
  /// rank's, in order); one by another number, or one whose part is not in order, reads the
  /// parts (each checked first) in batches of --shuffle-mb's bytes, sends each record to its
  /// owner, which gathers them as SortedRuns (a quarter of those bytes in memory, the rest in
  /// `scratch` and a suffix), and writes them sorted to `scratch`.
  template <class T, class Owner, class Less>
  RecordsInFile checkpointed_stream(const std::string& stage, const std::string& scratch,
                                    Owner owner_of, Less less,
                                    const std::function<void(StagePartWriter&)>& compute,
                                    const std::function<void(const RunManifest&)>& restore,
                                    const std::function<void(RunManifest&)>& record);

 private:
  // Collective: this rank's saved part of `stage` where it lies, when as many ranks saved it
  // and it holds only this rank's records, sorted; else redistribute_stream's file; nullopt on
  // every rank when a part is damaged or not this run's.
  template <class T, class Owner, class Less>
  std::optional<RecordsInFile> load_stream(const std::string& stage, const std::string& scratch,
                                           Owner owner_of, Less less);

  // Collective: the saved records of `stage` sent to their owners in batches and written
  // sorted to `scratch` (checkpointed_stream); nullopt on every rank when a part is damaged or
  // not this run's.
  template <class T, class Owner, class Less>
  std::optional<RecordsInFile> redistribute_stream(const std::string& stage,
                                                   const std::string& scratch, Owner owner_of,
                                                   Less less);

  // Collective: runs `read` (reading saved parts, which may fail on some ranks only) on every
  // rank; false on every rank when it failed on any, logged on rank 0 ("running the stage
  // again").
  bool read_saved(const std::function<void()>& read);

  // This rank's part of `stage`: its file, identity and what its writer syncs.
  StagePartWriter part_writer(const std::string& stage, const std::string& scratch,
                              std::size_t record_size) const;

  // Collective: a saved stage's records, each on the rank `owner_of` names, sorted; nullopt on
  // every rank when a part is damaged or not this run's (logged: the stage runs again).
  template <class T, class Owner, class Less>
  std::optional<std::vector<T>> load_parts(const std::string& stage, Owner owner_of, Less less);

  // Saves this rank's part of a stage's results; returns the error, "" when saved.
  template <class T>
  std::string save_part(const std::string& stage, const std::vector<T>& records);

  // Collective: records on rank 0 that a stage's results are saved, after every rank saved its
  // part (`error` is this rank's failure to save, "" when it did).
  void finish_stage(const std::string& stage, const std::string& error);

  Exchanger& exchanger_;
  const JobOptions& options_;
  RunManifest manifest_;
  bool on_ = false;
};

template <class T, class Owner, class Less>
std::vector<T> StageCheckpoints::checkpointed(
    const std::string& stage, Owner owner_of, Less less,
    const std::function<std::vector<T>()>& compute,
    const std::function<void(const RunManifest&)>& restore,
    const std::function<void(RunManifest&)>& record) {
  if (manifest_.has_finished(stage)) {
    std::optional<std::vector<T>> records = load_parts<T>(stage, owner_of, less);
    if (records) {
      restore(manifest_);
      return std::move(*records);
    }
    manifest_.redo_from(stage);
  }
  std::vector<T> records = compute();
  if (on_) {
    record(manifest_);
    finish_stage(stage, save_part(stage, records));
    fault_point((stage + "_saved").c_str());
  }
  stop_if_requested(exchanger_.comm());
  return records;
}

template <class T, class Owner, class Less>
RecordsInFile StageCheckpoints::checkpointed_stream(
    const std::string& stage, const std::string& scratch, Owner owner_of, Less less,
    const std::function<void(StagePartWriter&)>& compute,
    const std::function<void(const RunManifest&)>& restore,
    const std::function<void(RunManifest&)>& record) {
  if (manifest_.has_finished(stage)) {
    std::optional<RecordsInFile> records = load_stream<T>(stage, scratch, owner_of, less);
    if (records) {
      restore(manifest_);
      return std::move(*records);
    }
    manifest_.redo_from(stage);
  }
  StagePartWriter writer = part_writer(stage, scratch, sizeof(T));
  compute(writer);
  RecordsInFile records;
  std::string error;
  try {
    records = writer.commit();
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (on_) {
    record(manifest_);
    finish_stage(stage, error);
    fault_point((stage + "_saved").c_str());
  } else {
    agree_on_errors(exchanger_.comm(), error);
  }
  stop_if_requested(exchanger_.comm());
  return records;
}

template <class T, class Owner, class Less>
std::optional<RecordsInFile> StageCheckpoints::load_stream(const std::string& stage,
                                                           const std::string& scratch,
                                                           Owner owner_of, Less less) {
  const int rank = exchanger_.rank();
  const std::string dir = checkpoint_dir_of(options_.output);
  bool whole = manifest_.parts_of(stage) == exchanger_.size();
  RecordsInFile own;
  const bool read = read_saved([&] {
    if (!whole) return;
    own = check_stage_part(stage_part_path(dir, stage, rank),
                           {manifest_.run_id, stage, rank, exchanger_.size()}, sizeof(T));
    FileRecords<T> records(own);
    std::optional<T> last;
    for (const T* r = records.next(); r != nullptr && whole; r = records.next()) {
      whole = owner_of(*r) == rank && (!last || !less(*r, *last));
      last = *r;
    }
  });
  if (!read) return std::nullopt;
  if (!any_rank(exchanger_.comm(), !whole)) return own;
  return redistribute_stream<T>(stage, scratch, owner_of, less);
}

template <class T, class Owner, class Less>
std::optional<RecordsInFile> StageCheckpoints::redistribute_stream(const std::string& stage,
                                                                   const std::string& scratch,
                                                                   Owner owner_of, Less less) {
  const int rank = exchanger_.rank();
  const int saved_by = manifest_.parts_of(stage);
  const std::string dir = checkpoint_dir_of(options_.output);
  std::vector<RecordsInFile> parts;  // those this rank reads: rank, rank + ranks, ...
  const bool read = read_saved([&] {
    for (int part = rank; part < saved_by; part += exchanger_.size()) {
      parts.push_back(check_stage_part(stage_part_path(dir, stage, part),
                                       {manifest_.run_id, stage, part, saved_by}, sizeof(T)));
    }
  });
  if (!read) return std::nullopt;
  SortedRuns<T, Less> gathered(scratch + "-runs", options_.shuffle_bytes / 4, less);
  const std::uint64_t batch = std::max<std::uint64_t>(1, options_.shuffle_bytes / sizeof(T));
  std::size_t next_part = 0;
  std::optional<FileRecords<T>> reading;
  bool more = true;
  do {
    std::vector<T> records;
    run_agreed(exchanger_.comm(), [&] {
      for (; records.size() < batch && next_part < parts.size(); ++next_part) {
        if (!reading) reading.emplace(parts[next_part]);
        reading->take(batch - records.size(), records);
        if (reading->left() > 0) break;  // the batch is full
        reading.reset();
      }
      more = next_part < parts.size();
    });
    records = exchanger_.shuffle_consuming(std::move(records), owner_of);
    run_agreed(exchanger_.comm(), [&] { gathered.add(records); });  // a spill may fail here only
  } while (any_rank(exchanger_.comm(), more));
  RecordsInFile records;
  run_agreed(exchanger_.comm(), [&] {
    StagePartWriter writer(scratch, {manifest_.run_id, stage, rank, exchanger_.size()}, sizeof(T),
                           SyncOnCommit::kNo);
    typename SortedRuns<T, Less>::Reader sorted = gathered.read(options_.shuffle_bytes / 4);
    for (const T* r = sorted.next(); r != nullptr; r = sorted.next()) writer.write(*r);
    records = writer.commit();
  });
  return records;
}

template <class T, class Owner, class Less>
std::optional<std::vector<T>> StageCheckpoints::load_parts(const std::string& stage, Owner owner_of,
                                                           Less less) {
  std::vector<T> records;
  const bool read = read_saved([&] {
    records = load_stage_parts<T>(checkpoint_dir_of(options_.output), manifest_.run_id, stage,
                                  manifest_.parts_of(stage), exchanger_.rank(), exchanger_.size());
  });
  if (!read) return std::nullopt;
  records = exchanger_.shuffle(std::span<const T>(records), owner_of);
  std::sort(records.begin(), records.end(), less);
  return records;
}

template <class T>
std::string StageCheckpoints::save_part(const std::string& stage, const std::vector<T>& records) {
  try {
    save_stage_part<T>(checkpoint_dir_of(options_.output),
                       {manifest_.run_id, stage, exchanger_.rank(), exchanger_.size()}, records);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace neardup
