// The flags every job shares: inputs, output, record limits, memory per exchange round, outputs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/input_format.hpp"
#include "io/json_writer.hpp"
#include "jobs/options/document_spec.hpp"

namespace neardup {

/// What every dedup job (minhash, simhash, exact) is told, with the defaults.
struct JobOptions {
  std::vector<std::string> inputs;
  std::optional<InputFormat> format;  // nullopt: by extension
  std::string output;
  std::string tmp_dir;  // spill files for compressed inputs; "" = OUTPUT/_tmp
  DocumentSpec document;
  std::uint64_t split_bytes = 64ull << 20;
  std::uint64_t shuffle_bytes = 64ull << 20;
  bool write_pairs = false;
  bool write_deduped = false;
  bool write_removed = false;
  std::uint64_t max_doc_bytes = 64ull << 20;  // longer records are skipped as doc_too_large
  bool strict = false;                        // any skipped record is a fatal error
  bool overwrite = false;
  std::string resume;            // --resume DIR: continue the interrupted run writing to DIR
  std::string reference;         // --reference PATH: an index or earlier output to dedup against
  std::string cache_dir;         // --cache DIR: split sketches reused across runs
  bool write_report = true;      // write OUTPUT/report.html
  bool checkpoint = true;        // keep checkpoints in OUTPUT/_checkpoint while running
  double progress_seconds = 10;  // rank 0's progress lines; 0 = none
};

/// Returns a description of the first invalid shared option, or "" when all are valid.
std::string validate_job_options(const JobOptions& options);

/// The options a list of run parameters covers, each scope including the narrower ones.
enum class ParameterScope {
  kSketch,  // what changes a document's sketch: --cache keys split sketches by it
  kResult,  // and what changes the results: a --resume must match it
  kRun,     // and how the run was made: stats.json "parameters", which explain --run reads
};

/// Writes, as members of the JSON object being written, the shared options `scope` covers.
/// Every option is listed once, here, with the narrowest scope it belongs to, so each list
/// that must hold it does (the method's own options come from DedupMethod).
void write_job_parameters(JsonWriter& json, const JobOptions& options, ParameterScope scope);

}  // namespace neardup
