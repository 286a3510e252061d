// After the sketch, what needs every rank's line counts: locations and --strict.
#include "jobs/stages/sketch_lines.hpp"

#include "io/line_status.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

std::vector<std::uint64_t> global_lines_per_split(MPI_Comm comm, const JobPlan& plan,
                                                  const SketchResult& sketch) {
  std::vector<std::uint64_t> lines(plan.splits.size());
  mpi_check(MPI_Allreduce(sketch.lines_per_split.data(), lines.data(),
                          static_cast<int>(lines.size()), MPI_UINT64_T, MPI_SUM, comm),
            "MPI_Allreduce");
  return lines;
}

std::string describe_skip(const SkipExample& example, const DocSource& source) {
  std::string text = source.location(make_doc_id(example.split, example.line)) +
                     ": skipped: " + line_status_name(example.status);
  if (!example.detail.empty()) text += " (" + example.detail + ")";
  return text;
}

void fail_on_skips_if_strict(MPI_Comm comm, bool strict, const SketchResult& sketch,
                             const DocSource& source) {
  if (!strict) return;
  agree_on_errors(comm, sketch.examples.empty()
                            ? std::string()
                            : describe_skip(sketch.examples.front(), source) + " (--strict)");
}

}  // namespace neardup
