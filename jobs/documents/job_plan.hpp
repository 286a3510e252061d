// Stage 1, plan: rank 0 lists the inputs and cuts them into splits; every rank gets the plan.
#pragma once

#include <mpi.h>

#include <optional>
#include <string>
#include <vector>

#include "io/input_format.hpp"
#include "io/input_plan.hpp"

namespace neardup {

/// The job's inputs, their splits in input order and the rank that sketches each split.
struct JobPlan {
  std::vector<InputFile> files;
  std::vector<Split> splits;
  std::vector<int> owners;  // owners[s] sketches split s and owns its documents

  /// Bytes of all inputs.
  std::uint64_t total_bytes() const;

  /// Bytes of the splits each of `ranks` ranks sketches.
  std::vector<std::uint64_t> bytes_per_rank(int ranks) const;

  /// True when some input is gzip or zstd compressed.
  bool has_compressed_input() const;
};

/// Collective: rank 0 expands `inputs` (all in `format`, or each by its extension when
/// nullopt) and cuts splits of `split_bytes`; the plan is broadcast
/// (Boost.Serialization) and the splits assigned to ranks balancing bytes. Throws JobError on
/// every rank, with rank 0's message, when the inputs cannot be listed.
JobPlan make_plan(MPI_Comm comm, const std::vector<std::string>& inputs,
                  std::optional<InputFormat> format, std::uint64_t split_bytes);

}  // namespace neardup
