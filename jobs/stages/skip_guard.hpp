// The skip-rate guard: a job whose records are mostly skipped (a wrong --text-field, text read
// as JSON) fails once the ranks read 1,000 records, instead of "succeeding" with an empty corpus.
#pragma once

#include <mpi.h>

#include <string>

#include "jobs/documents/document_source.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// Records the early check decides on: those of the first splits in plan order (input order),
/// as many as it takes to hold this many, whichever ranks read them; so one odd record (a huge
/// first line) cannot decide it, and its outcome does not depend on the rank count.
inline constexpr std::uint64_t kEarlySkipSample = 1000;

/// The first splits the early check looks at; when they hold fewer than kEarlySkipSample records
/// together, the check over all records decides.
inline constexpr std::size_t kEarlySkipSplits = 64;

/// Collective: throws JobError on every rank when more than `max_fraction` of the records the
/// ranks read (`sketch`, all of them) were skipped. The message gives the counts, the first
/// skipped record by file and line, why it was skipped with the keys it has, and the flag to
/// try. `max_fraction` 1 never fails.
void check_skip_fraction(MPI_Comm comm, const SketchResult& sketch, double max_fraction,
                         const JobPlan& plan, const DocSource& source);

/// Collective, the early check (SketchLimits::early_check) while the ranks read: returns false
/// until splits 0..k of the plan, all read (by any ranks), hold kEarlySkipSample records; then
/// true, after throwing JobError on every rank as check_skip_fraction does when more than
/// `max_fraction` of the records of those splits were skipped (the first located by its split:
/// line numbers are not known yet). When every rank is done first, or the first
/// kEarlySkipSplits splits hold fewer records, it returns true without a decision: the check
/// over all records decides. The decision depends on the corpus and the split size only.
bool check_skip_fraction_early(MPI_Comm comm, const SketchResult& so_far, bool done,
                               double max_fraction, const JobPlan& plan);

}  // namespace neardup
