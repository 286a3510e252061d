// What a finished run reports: stats.json (every count, parameter and per-stage spread) and
// the human summary printed at the end.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/input/format_sniff.hpp"
#include "io/input/ignored_files.hpp"
#include "jobs/mpi/stage_stats.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/pipeline/dedup_method.hpp"
#include "jobs/pipeline/job_summary.hpp"
#include "jobs/stages/keep_stage.hpp"
#include "jobs/stages/mirror_hosts.hpp"

namespace neardup {

/// Everything stats.json holds, gathered on every rank.
struct RunReport {
  std::string job;
  std::string kernel;  // the method's sketch kernel on this CPU
  const JobOptions* options = nullptr;
  const DedupMethod* method = nullptr;
  JobSummary summary;
  int ranks = 1;
  std::uint64_t input_files = 0;
  IgnoredFiles ignored_files;         // what the directory walks and globs passed over
  FormatHintCounts input_warnings{};  // inputs not in the format read, per FormatHint
  std::uint64_t input_bytes = 0;
  std::uint64_t splits = 0;
  std::uint64_t features = 0;
  std::uint64_t invalid_utf8_bytes = 0;  // in the documents' texts, as the tokenizer met them
  std::uint64_t component_rounds = 0;
  KeepCounts keep;       // what --keep chose
  MirrorCounts mirrors;  // near-duplicate hosts (--host-field; zeros without it)
  std::uint64_t deduped_lines = 0;
  std::uint64_t duplicate_ids = 0;
  std::uint64_t spilled_bytes = 0;
  std::uint64_t shared_record_bytes = 0;  // records of shared splits kept in scratch, all ranks
  std::uint64_t splits_reused = 0;        // sketches taken from checkpoints or the cache
  std::uint64_t damaged_checkpoints = 0;  // checkpoint files found damaged and redone
  std::uint64_t splits_changed = 0;       // stored split sketches whose input changed, redone
  bool resumed = false;
  std::uint64_t removed_by_reference = 0;  // documents the --reference corpus has
  std::vector<std::pair<std::string, std::uint64_t>> method_counts;
  std::vector<std::uint64_t> input_bytes_per_rank;  // bytes of the splits each rank sketched
  std::vector<std::uint64_t> bytes_read_per_rank;
  std::vector<std::uint64_t> documents_per_rank;  // the documents each rank sketched and owns
  std::vector<std::uint64_t> peak_rss_per_rank;
  std::vector<StageSpread> stages;
  TrafficSpread communication;  // the whole run's MPI traffic: the stages' and between them
  std::string summary_text;
};

/// Writes the run's parameters (the shared ones and the method's) as one JSON object.
void write_run_parameters(JsonWriter& json, const RunReport& report);

/// Writes "stages": each stage's min/avg/max seconds over the ranks, imbalance, bytes shuffled,
/// peak RSS and communication, as a member of the JSON object being written.
void write_stage_spreads(JsonWriter& json, const std::vector<StageSpread>& stages);

/// The stats.json document of a run.
std::string stats_json(const RunReport& report);

/// The human summary: counts, throughput, a per-stage table (min/avg/max seconds across ranks,
/// bytes, messages and collective calls), the run's communication
/// and one machine-readable "RESULT key=value ..." line.
std::string summary_text(const RunReport& report);

}  // namespace neardup
