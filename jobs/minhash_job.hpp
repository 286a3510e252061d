// The minhash job: plan, sketch, shuffle, candidates, verify, components, write (DESIGN.md 1-7).
#pragma once

#include <mpi.h>

#include <array>
#include <cstdint>

#include "core/lsh_params.hpp"
#include "io/json_line.hpp"
#include "jobs/minhash_options.hpp"

namespace neardup {

/// Global counts of a finished run (the same on every rank).
struct JobSummary {
  BandLayout layout;
  std::uint64_t docs_read = 0;  // lines read
  std::uint64_t docs_kept = 0;
  std::uint64_t docs_removed = 0;
  std::uint64_t docs_skipped = 0;
  std::array<std::uint64_t, kLineStatusCount> skipped_by_reason{};
  std::uint64_t candidate_pairs = 0;
  std::uint64_t verified_pairs = 0;
  std::uint64_t clusters = 0;
  std::uint64_t bytes_shuffled = 0;
};

/// Collective over `comm`: runs the whole job and writes every output into options.output,
/// _SUCCESS last. Throws JobError on every rank for problems all ranks agree on (bad options,
/// inputs, output directory); other failures throw on the failing rank only, and the caller
/// must abort the communicator so that no rank hangs.
JobSummary run_minhash(MPI_Comm comm, const MinhashOptions& options);

}  // namespace neardup
