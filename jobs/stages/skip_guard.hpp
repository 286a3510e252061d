// The skip-rate guard: a job whose records are mostly skipped (a wrong --text-field, text read
// as JSON) fails once the ranks read 1,000 records, instead of "succeeding" with an empty corpus.
#pragma once

#include <mpi.h>

#include <string>

#include "jobs/documents/document_source.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// Records the early check wants read over all ranks before it decides: enough that one odd
/// record (a huge first line) cannot decide it, so its outcome does not hang on how the records
/// fall into ranks and splits.
inline constexpr std::uint64_t kEarlySkipSample = 1000;

/// Collective: throws JobError on every rank when more than `max_fraction` of the records the
/// ranks read (`sketch`, all of them) were skipped. The message gives the counts, the first
/// skipped record by file and line, why it was skipped with the keys it has, and the flag to
/// try. `max_fraction` 1 never fails.
void check_skip_fraction(MPI_Comm comm, const SketchResult& sketch, double max_fraction,
                         const JobPlan& plan, const DocSource& source);

/// Collective, the early check (SketchLimits::early_check) while the ranks read: returns false
/// while they have read fewer than kEarlySkipSample records together and some rank is not
/// `done`; then true, after throwing JobError on every rank as check_skip_fraction does when
/// more than `max_fraction` of the records read so far were skipped (the first located by its
/// split: line numbers are not known yet). When every rank is done first it returns true
/// without a decision: the check over all records decides.
bool check_skip_fraction_early(MPI_Comm comm, const SketchResult& so_far, bool done,
                               double max_fraction, const JobPlan& plan);

}  // namespace neardup
