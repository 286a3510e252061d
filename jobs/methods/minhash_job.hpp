// The minhash job: shingles, MinHash signatures, LSH bands, verification (DESIGN.md 1-7).
#pragma once

#include <mpi.h>

#include "jobs/options/minhash_options.hpp"
#include "jobs/pipeline/job_summary.hpp"

namespace neardup {

/// Collective over `comm`: validates the options, runs the whole job (see run_dedup_job) and
/// writes every output into options.output, _SUCCESS last. Throws JobError on every rank for
/// problems all ranks agree on (bad options, inputs, output directory); other failures throw
/// on the failing rank only, and the caller must abort the communicator so no rank hangs.
JobSummary run_minhash(MPI_Comm comm, const MinhashOptions& options);

}  // namespace neardup
