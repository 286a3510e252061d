// The skip-rate guard: a job whose records are mostly skipped (a wrong --text-field, text read
// as JSON) fails within its first split instead of "succeeding" with an empty corpus.
#pragma once

#include <mpi.h>

#include <string>

#include "jobs/documents/document_source.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// Collective: throws JobError on every rank when more than `max_fraction` of the records the
/// ranks read so far (`sketch`) were skipped. The message gives the counts, the first skipped
/// record (by file and line when `source` is given, else by split: the check after each rank's
/// first split runs before line numbers are known), why it was skipped with the keys it has,
/// and the flag to try. `max_fraction` 1 never fails.
void check_skip_fraction(MPI_Comm comm, const SketchResult& sketch, double max_fraction,
                         const JobPlan& plan, const DocSource* source);

}  // namespace neardup
