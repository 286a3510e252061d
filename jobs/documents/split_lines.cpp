// The line counts every rank needs after the sketch: of files of several splits and of shared
// splits, summed over the ranks; the rest only as a total.
#include "jobs/documents/split_lines.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

SplitLines::SplitLines(MPI_Comm comm, const JobPlan& plan, const SplitTallies& local) {
  const std::vector<Split>& splits = plan.splits;
  std::uint64_t uncounted = 0;  // this rank's lines of the other splits
  for (std::uint32_t s = 0; s < splits.size(); ++s) {
    const bool several = (s > 0 && splits[s - 1].file == splits[s].file) ||
                         (s + 1 < splits.size() && splits[s + 1].file == splits[s].file);
    if (several || plan.is_shared(s)) {
      splits_.push_back(s);
      lines_.push_back(local.lines(s));
    }
  }
  for (const auto& [s, counts] : local.all()) {
    if (!std::binary_search(splits_.begin(), splits_.end(), s)) uncounted += counts.lines;
  }
  if (!splits_.empty()) {  // the same splits on every rank
    mpi_check(MPI_Allreduce(MPI_IN_PLACE, lines_.data(), static_cast<int>(lines_.size()),
                            MPI_UINT64_T, MPI_SUM, comm),
              "MPI_Allreduce");
  }
  total_ = sum_over_ranks(comm, uncounted);
  bases_.assign(splits_.size(), 0);
  for (std::size_t i = 0; i < splits_.size(); ++i) {
    total_ += lines_[i];
    const std::uint32_t s = splits_[i];
    if (i > 0 && splits_[i - 1] + 1 == s && splits[s - 1].file == splits[s].file) {
      bases_[i] = bases_[i - 1] + lines_[i - 1];
    }
  }
}

std::size_t SplitLines::at(std::uint32_t s) const {
  const auto found = std::lower_bound(splits_.begin(), splits_.end(), s);
  return found != splits_.end() && *found == s ? static_cast<std::size_t>(found - splits_.begin())
                                               : splits_.size();
}

std::uint64_t SplitLines::base(std::uint32_t s) const {
  const std::size_t i = at(s);
  return i < splits_.size() ? bases_[i] : 0;
}

std::uint64_t SplitLines::lines(std::uint32_t s) const {
  const std::size_t i = at(s);
  if (i == splits_.size()) {
    throw std::logic_error("split " + std::to_string(s) + "'s lines are not counted on every rank");
  }
  return lines_[i];
}

}  // namespace neardup
