// What a run is and how far it got (the manifest a --resume checks and continues from).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "jobs/checkpoint/input_stamps.hpp"
#include "jobs/documents/verified_pair.hpp"

namespace neardup {

/// A count kept across a resume (a method's counts in stats.json).
using NamedCount = std::pair<std::string, std::uint64_t>;

/// A stage whose results are saved (stage parts), and how many ranks wrote them.
struct FinishedStage {
  std::string stage;  // "pairs", "components", "clusters"
  std::int32_t parts = 0;
};

/// What a run is and how far it got: written when the run starts and after each stage.
struct RunManifest {
  std::string run_id;                     // random, made by the run that started it
  std::string job;                        // "minhash", "simhash" or "exact"
  std::string parameters;                 // one member per line: everything that changes results
  std::uint64_t splits = 0;               // splits in the plan
  std::vector<InputStamp> inputs;         // rank 0: the plan's files, in order (DIR/inputs)
  std::vector<FinishedStage> finished;    // in the order the stages ran
  std::uint64_t candidate_pairs = 0;      // the pairs stage's global count
  std::vector<NamedCount> method_counts;  // the pairs stage's method counts
  std::uint64_t component_rounds = 0;     // the components stage's rounds
  std::uint64_t keep_moved = 0;           // the clusters stage's --keep counts
  std::uint64_t keep_without_value = 0;   //
  std::vector<VerifiedPair> near_misses;  // the clusters stage's closest failed checks

  /// True when `stage` finished in the run that wrote this manifest.
  bool has_finished(const std::string& stage) const;

  /// How many ranks wrote the parts of finished stage `stage` (0 when it has not finished).
  std::int32_t parts_of(const std::string& stage) const;

  /// Forgets that `stage` and every stage after it finished: they run again.
  void redo_from(const std::string& stage);
};

/// The manifest of the checkpoint directory `dir` (DIR/manifest), written atomically with a
/// checksum; load throws IoError naming the file when it is missing, truncated or corrupt.
/// The inputs are not in it (save_input_stamps writes them once): load leaves them empty.
void save_manifest(const std::string& dir, const RunManifest& manifest);
RunManifest load_manifest(const std::string& dir);

/// The manifest as Boost.Serialization text (to send between ranks), and back; without inputs.
std::string manifest_to_text(const RunManifest& manifest);
RunManifest manifest_from_text(const std::string& text);

/// Why a run described by `now` cannot continue the run that wrote `saved` (another job, other
/// parameters, changed inputs), naming the first difference; "" when it can.
std::string resume_mismatch(const RunManifest& saved, const RunManifest& now);

}  // namespace neardup
