// The line counts every rank needs after the sketch: those of the splits of files cut into
// several (a later split's lines are numbered after the earlier ones') and of the shared splits
// (their readers write deduped/ from them). A split that is its file's only one starts at line
// 0 and needs nothing, so a corpus of small files costs no memory or traffic here.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "jobs/documents/job_plan.hpp"
#include "jobs/documents/split_tallies.hpp"

namespace neardup {

/// The lines (records) of the splits that need them, summed over the ranks, and the total.
class SplitLines {
 public:
  SplitLines() = default;

  /// Collective: `local` (the lines this rank read of each split) summed over the ranks for the
  /// splits that need them, and every split's summed.
  SplitLines(MPI_Comm comm, const JobPlan& plan, const SplitTallies& local);

  /// The lines of split s's file before it (0 for a file's first split).
  std::uint64_t base(std::uint32_t s) const;

  /// The lines of split s, which must be shared or one of several of its file (std::logic_error
  /// naming it otherwise).
  std::uint64_t lines(std::uint32_t s) const;

  /// The lines of all splits.
  std::uint64_t total() const { return total_; }

  /// How many splits are counted here.
  std::size_t counted() const { return splits_.size(); }

 private:
  std::size_t at(std::uint32_t s) const;  // splits_.size() when s is not counted

  std::vector<std::uint32_t> splits_;  // ascending
  std::vector<std::uint64_t> lines_;
  std::vector<std::uint64_t> bases_;
  std::uint64_t total_ = 0;
};

}  // namespace neardup
