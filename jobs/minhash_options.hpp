// Everything a minhash run is told: inputs, output, shingling, sketch, banding, verification.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/input_format.hpp"
#include "jobs/document_spec.hpp"
#include "jobs/verify_stage.hpp"

namespace neardup {

/// The flags of `neardup minhash`, with their defaults.
struct MinhashOptions {
  std::vector<std::string> inputs;
  std::optional<InputFormat> format;  // nullopt: by extension
  std::string output;
  std::string tmp_dir;  // spill files for compressed inputs; "" = OUTPUT/_tmp
  DocumentSpec document;
  unsigned num_perm = 128;
  std::uint64_t seed = 1;
  double threshold = 0.8;
  unsigned bands = 0;  // 0: chosen from the threshold
  unsigned rows = 0;
  double fp_weight = 0.01;
  double fn_weight = 0.99;
  double pass_at_threshold = 0.7;  // estimate verification: see min_agreeing_entries
  VerifyMode verify = VerifyMode::kEstimate;
  std::uint64_t split_bytes = 64ull << 20;
  std::uint64_t shuffle_bytes = 64ull << 20;
  std::size_t max_bucket = 200;  // buckets up to this size give all pairs
  bool write_pairs = false;
  bool write_deduped = false;
  bool write_removed = false;
  std::uint64_t max_doc_bytes = 64ull << 20;  // longer records are skipped as doc_too_large
  bool strict = false;                        // any skipped record is a fatal error
  bool overwrite = false;
};

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const MinhashOptions& options);

}  // namespace neardup
