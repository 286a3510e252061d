// Stage 1, plan: rank 0 lists the inputs, every rank cuts them into splits; all hold the plan.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "io/format_sniff.hpp"
#include "io/ignored_files.hpp"
#include "io/input_format.hpp"
#include "io/input_plan.hpp"
#include "jobs/options/job_options.hpp"

namespace neardup {

/// The job's inputs, their splits in input order and the rank that sketches each split.
struct JobPlan {
  std::vector<InputFile> files;
  std::vector<Split> splits;
  std::vector<int> owners;          // owners[s] sketches split s and owns its documents
  IgnoredFiles ignored;             // what directory walks and globs passed over
  FormatHintCounts format_hints{};  // rank 0: inputs warned about, per hint (format_check.hpp)

  /// Bytes of all inputs.
  std::uint64_t total_bytes() const;

  /// Bytes of the splits each of `ranks` ranks sketches.
  std::vector<std::uint64_t> bytes_per_rank(int ranks) const;

  /// True when some input is gzip or zstd compressed.
  bool has_compressed_input() const;
};

/// Collective: rank 0 expands `options.inputs` (in options.format, filtered by
/// options.filter) and logs what the walks ignored (ignored_files_text); the files are
/// broadcast (Boost.Serialization), the ranks share out walking the frames of the compressed
/// files that can be cut (walks_frames), and every rank cuts the same splits of
/// options.split_bytes and assigns them to ranks balancing bytes; then the ranks check the
/// inputs' formats (check_input_formats). Throws JobError on every rank, with rank 0's
/// message, when the inputs cannot be listed.
JobPlan make_plan(MPI_Comm comm, const JobOptions& options);

}  // namespace neardup
