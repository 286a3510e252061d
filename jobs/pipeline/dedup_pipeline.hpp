// The pipeline every dedup job runs: plan, sketch, pair search, components, write (DESIGN.md).
#pragma once

#include <mpi.h>

#include "jobs/options/job_options.hpp"
#include "jobs/pipeline/dedup_method.hpp"
#include "jobs/pipeline/job_summary.hpp"

namespace neardup {

/// Collective over `comm`: plans the inputs, sketches every document with `method`, lets it
/// find the duplicate pairs, joins them into clusters (the first document in input order is
/// kept), and writes every output into options.output, _SUCCESS last. The options must be
/// valid. Throws JobError on every rank for problems all ranks agree on (inputs, output
/// directory, --strict skips); other failures throw on the failing rank only, and the caller
/// must abort the communicator so that no rank hangs. `summary.layout` is left to the caller.
JobSummary run_dedup_job(MPI_Comm comm, const JobOptions& options, DedupMethod& method,
                         JobSummary summary = {});

}  // namespace neardup
