// Checkpoints of a run, so a killed or pre-empted job continues where it stopped: the manifest
// (parameters, inputs, finished stages), every split's sketch, and finished stages' results.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "jobs/documents/job_plan.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// An input file as a run saw it; resuming refuses inputs that changed since.
struct InputStamp {
  std::string path;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::uint64_t fingerprint = 0;  // XXH3-64 of the size, the first and the last 64 KiB
  friend bool operator==(const InputStamp&, const InputStamp&) = default;
};

/// A count kept across a resume (a method's counts in stats.json).
using NamedCount = std::pair<std::string, std::uint64_t>;

/// What a run is and how far it got: written when the run starts and after each stage.
struct RunManifest {
  std::string job;                        // "minhash", "simhash" or "exact"
  std::string parameters;                 // one member per line: everything that changes results
  std::uint64_t splits = 0;               // splits in the plan
  std::vector<InputStamp> inputs;         // the plan's files, in order
  std::vector<std::string> finished;      // stages whose results are saved: "pairs", "components"
  std::int32_t part_ranks = 0;            // how many ranks wrote the stage parts
  std::uint64_t candidate_pairs = 0;      // the pairs stage's global count
  std::vector<NamedCount> method_counts;  // the pairs stage's method counts
  std::uint64_t component_rounds = 0;     // the components stage's rounds

  /// True when `stage` finished in the run that wrote this manifest.
  bool has_finished(const std::string& stage) const;
};

/// Collective: the stamps of the plan's files (fingerprints read in parallel over the ranks).
std::vector<InputStamp> stamp_inputs(MPI_Comm comm, const JobPlan& plan);

/// The manifest of the checkpoint directory `dir` (DIR/manifest), written atomically with a
/// checksum; load throws IoError naming the file when it is missing, truncated or corrupt.
void save_manifest(const std::string& dir, const RunManifest& manifest);
RunManifest load_manifest(const std::string& dir);

/// The manifest as Boost.Serialization text (to send between ranks), and back.
std::string manifest_to_text(const RunManifest& manifest);
RunManifest manifest_from_text(const std::string& text);

/// Why a run described by `now` cannot continue the run that wrote `saved` (another job, other
/// parameters, changed inputs), naming the first difference; "" when it can.
std::string resume_mismatch(const RunManifest& saved, const RunManifest& now);

/// A SplitStore of files in `dir`, one per split, named by a hash of everything that
/// determines the split's sketch (`sketch_parameters`, the input's stamp, the byte range), so
/// the same directory serves a resume with another rank count and a cache across runs whose
/// inputs changed elsewhere. A damaged file is logged, counted and its split sketched again.
class SplitFiles : public SplitStore {
 public:
  SplitFiles(std::string dir, const JobPlan& plan, const std::vector<InputStamp>& stamps,
             const std::string& sketch_parameters);
  std::optional<SplitTally> load(std::uint32_t s, SketchResult& into) override;
  void save(std::uint32_t s, const SplitTally& tally, const SplitDocsView& docs) override;
  /// Files found damaged (and redone) so far.
  std::uint64_t damaged() const { return damaged_; }

 private:
  std::string path_of(std::uint32_t s) const;

  std::string dir_;
  const JobPlan& plan_;
  std::vector<std::string> keys_;  // per split: its file name's hash
  std::uint64_t damaged_ = 0;
};

/// Writes this rank's bytes of a finished stage to DIR/NAME-RANK.part (atomically, checksummed).
void save_stage_part_bytes(const std::string& dir, const std::string& name, int rank,
                           std::string_view bytes);

/// The bytes of the parts `part_ranks` ranks wrote for stage `name` that this rank reads
/// (parts rank, rank + ranks, ...), concatenated. Throws IoError naming a damaged part.
std::string load_stage_parts_bytes(const std::string& dir, const std::string& name, int part_ranks,
                                   int rank, int ranks);

/// save_stage_part_bytes for a flat array of trivially copyable records.
template <class T>
void save_stage_part(const std::string& dir, const std::string& name, int rank,
                     std::span<const T> records) {
  static_assert(std::is_trivially_copyable_v<T>);
  save_stage_part_bytes(dir, name, rank,
                        {reinterpret_cast<const char*>(records.data()), records.size_bytes()});
}

/// load_stage_parts_bytes as records; the caller sends them to their owners.
template <class T>
std::vector<T> load_stage_parts(const std::string& dir, const std::string& name, int part_ranks,
                                int rank, int ranks) {
  static_assert(std::is_trivially_copyable_v<T>);
  const std::string bytes = load_stage_parts_bytes(dir, name, part_ranks, rank, ranks);
  std::vector<T> records(bytes.size() / sizeof(T));
  std::memcpy(records.data(), bytes.data(), records.size() * sizeof(T));
  return records;
}

}  // namespace neardup
