// The skip-rate guard: a job whose records are mostly skipped (a wrong --text-field, text read
// as JSON) fails once the ranks read 1,000 records, instead of "succeeding" with an empty corpus.
#include "jobs/stages/skip_guard.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <numeric>
#include <vector>

#include "io/read/line_status.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/sketch_lines.hpp"

namespace neardup {
namespace {

// What to try for records skipped for `status`.
std::string advice(LineStatus status) {
  switch (status) {
    case LineStatus::kMissingText:
    case LineStatus::kTextNotString:
      return "; name the text field with --text-field (a dotted path, e.g. content.body)";
    case LineStatus::kMalformedJson:
      return "; if the inputs are not JSON Lines, --format text reads each file as one document";
    case LineStatus::kDocTooLarge:
      return "; --max-doc-mb raises the size limit";
    case LineStatus::kBinaryFile:
      return "; --exclude GLOB leaves such files out of directory walks (e.g. --exclude '*.png')";
    default:
      return "";
  }
}

// `example` located by its split, for the check that runs before line numbers are known.
std::string describe_in_split(const SkipExample& example, const JobPlan& plan) {
  const Split& split = plan.splits[example.split];
  const std::string& path = plan.files[split.file].path;
  std::string text = split.begin == 0
                         ? path + ":" + std::to_string(example.line + 1)
                         : path + ": record " + std::to_string(example.line + 1) +
                               " of the split from byte " + std::to_string(split.begin);
  text += std::string(": skipped: ") + line_status_name(example.status);
  if (!example.detail.empty()) text += " (" + example.detail + ")";
  return text;
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", fraction * 100);
  return text;
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// The records this rank read and skipped so far.
std::array<std::uint64_t, 2> read_and_skipped(const SketchResult& sketch) {
  std::uint64_t read = 0;
  for (const auto& [s, counts] : sketch.splits.all()) read += counts.lines;
  return {read, std::accumulate(sketch.status_counts.begin() + 1, sketch.status_counts.end(),
                                std::uint64_t{0})};
}

// Collective: throws JobError on every rank when more than `max_fraction` of the `read`
// records were skipped (`skipped`, sums over the ranks), naming the first skipped record of all.
void fail_if_over(MPI_Comm comm, const SketchResult& sketch, std::uint64_t read,
                  std::uint64_t skipped, double max_fraction, const JobPlan& plan,
                  const DocSource* source) {
  const double fraction = read == 0 ? 0 : static_cast<double>(skipped) / static_cast<double>(read);
  if (fraction <= max_fraction) return;
  // The first skipped record of all: the smallest (split, line) over the ranks.
  constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
  const auto key = [](const SkipExample& e) { return (std::uint64_t{e.split} << 32) | e.line; };
  const std::uint64_t mine = sketch.examples.empty() ? kNone : key(sketch.examples.front());
  const std::uint64_t first = ~max_over_ranks(comm, ~mine);
  std::string message;
  if (mine == first && mine != kNone) {
    const SkipExample& example = sketch.examples.front();
    message =
        std::to_string(skipped) + " of " + std::to_string(read) + " records read (" +
        percent(fraction) + ") were skipped, more than --max-skip-fraction " +
        number(max_fraction) + " allows; the first: " +
        (source != nullptr ? describe_skip(example, *source) : describe_in_split(example, plan)) +
        advice(example.status);
  }
  agree_on_errors(comm, message);
}

}  // namespace

void check_skip_fraction(MPI_Comm comm, const SketchResult& sketch, double max_fraction,
                         const JobPlan& plan, const DocSource& source) {
  const auto [read, skipped] = read_and_skipped(sketch);
  fail_if_over(comm, sketch, sum_over_ranks(comm, read), sum_over_ranks(comm, skipped),
               max_fraction, plan, &source);
}

bool check_skip_fraction_early(MPI_Comm comm, const SketchResult& so_far, bool done,
                               double max_fraction, const JobPlan& plan) {
  // Per split of the first ones: records, skipped, read (each split has one owner); then how
  // many ranks are not done.
  const std::size_t window = std::min(kEarlySkipSplits, plan.splits.size());
  std::vector<std::uint64_t> sums(3 * window + 1, 0);
  for (const auto& [s, counts] : so_far.splits.all()) {
    if (s >= window) break;
    sums[3 * s] = counts.lines;
    sums[3 * s + 1] = counts.skipped;
    sums[3 * s + 2] = counts.done ? 1 : 0;
  }
  sums.back() = done ? 0 : 1;
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, sums.data(), static_cast<int>(sums.size()), MPI_UINT64_T,
                          MPI_SUM, comm),
            "MPI_Allreduce");
  std::uint64_t read = 0, skipped = 0;
  std::size_t s = 0;
  for (; s < window && sums[3 * s + 2] != 0 && read < kEarlySkipSample; ++s) {
    read += sums[3 * s];
    skipped += sums[3 * s + 1];
  }
  if (read >= kEarlySkipSample) {
    fail_if_over(comm, so_far, read, skipped, max_fraction, plan, nullptr);
    return true;
  }
  return s == window || sums.back() == 0;  // too few records up front, or all read: the end
}

}  // namespace neardup
