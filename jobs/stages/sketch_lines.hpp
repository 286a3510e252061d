// After the sketch, what needs every rank's line counts: where each document is (its global
// line number), the skipped lines logged as examples and, under --strict, the first skipped
// line named on every rank. Shared by the dedup pipeline and index build.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "jobs/documents/document_source.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// What `example` skipped: "path:line: skipped: reason (detail)".
std::string describe_skip(const SkipExample& example, const DocSource& source);

/// Collective: rank 0 logs the first kSkipExamples skipped lines of each reason over all
/// ranks, each as describe_skip says ("path:line: skipped: reason (detail)").
void log_skip_examples(Exchanger& exchanger, const SketchResult& sketch, const DocSource& source);

/// Collective: with `strict`, throws JobError on every rank naming a line some rank skipped
/// ("... (--strict)"); without, does nothing.
void fail_on_skips_if_strict(MPI_Comm comm, bool strict, const SketchResult& sketch,
                             const DocSource& source);

}  // namespace neardup
