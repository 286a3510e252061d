// The simhash job: 64-bit Charikar fingerprints, pairs within k bits by permuted tables.
#pragma once

#include <mpi.h>

#include <string>

#include "core/permuted_tables.hpp"
#include "core/simhash.hpp"
#include "jobs/hamming_search.hpp"
#include "jobs/job_options.hpp"
#include "jobs/job_summary.hpp"

namespace neardup {

/// The flags of `neardup simhash`.
struct SimhashOptions : JobOptions {
  SimhashSpec simhash;
  unsigned max_distance = 3;  // k: pairs within this many bits (inclusive)
  unsigned blocks = 0;        // m: fingerprint blocks; 0 = k + 3 (20 tables for k = 3)
  HammingSearchLimits limits;
};

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const SimhashOptions& options);

/// Collective over `comm`: validates the options and runs the simhash job on the shared
/// pipeline (see run_dedup_job). Pairs are documents whose fingerprints differ in at most k
/// bits, similarity = 1 - distance / 64 in pairs/; documents without tokens never match.
JobSummary run_simhash(MPI_Comm comm, const SimhashOptions& options);

}  // namespace neardup
