// Per-stage wall times, peak memory and MPI traffic, reduced to min/avg/max across ranks.
#include "jobs/mpi/stage_stats.hpp"

#include <sys/resource.h>

#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

void StageClock::start(const std::string& name) {
  stop();
  names_.push_back(name);
  seconds_.push_back(0);
  bytes_.push_back(0);
  peak_rss_.push_back(0);
  traffic_.emplace_back();
  traffic_at_start_ = traffic_so_far();
  bytes_at_start_ = bytes_sent_ ? bytes_sent_() : 0;
  started_ = std::chrono::steady_clock::now();
  running_ = true;
}

void StageClock::stop() {
  if (!running_) return;
  seconds_.back() =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  bytes_.back() = (bytes_sent_ ? bytes_sent_() : 0) - bytes_at_start_;
  peak_rss_.back() = peak_rss_bytes();
  traffic_.back() = traffic_so_far() - traffic_at_start_;
  running_ = false;
}

std::vector<StageSpread> StageClock::reduce(MPI_Comm comm) const {
  const int count = static_cast<int>(seconds_.size());
  std::vector<double> mins(seconds_.size()), maxs(seconds_.size()), sums(seconds_.size());
  mpi_check(MPI_Allreduce(seconds_.data(), mins.data(), count, MPI_DOUBLE, MPI_MIN, comm),
            "MPI_Allreduce");
  mpi_check(MPI_Allreduce(seconds_.data(), maxs.data(), count, MPI_DOUBLE, MPI_MAX, comm),
            "MPI_Allreduce");
  mpi_check(MPI_Allreduce(seconds_.data(), sums.data(), count, MPI_DOUBLE, MPI_SUM, comm),
            "MPI_Allreduce");
  std::vector<std::uint64_t> bytes(bytes_.size());
  mpi_check(MPI_Allreduce(bytes_.data(), bytes.data(), count, MPI_UINT64_T, MPI_SUM, comm),
            "MPI_Allreduce");
  std::vector<std::uint64_t> peak_rss(peak_rss_.size());
  mpi_check(MPI_Allreduce(peak_rss_.data(), peak_rss.data(), count, MPI_UINT64_T, MPI_MAX, comm),
            "MPI_Allreduce");
  const std::vector<TrafficSpread> traffic = reduce_traffic(comm, traffic_);
  const int ranks = comm_size(comm);
  std::vector<StageSpread> out;
  for (std::size_t i = 0; i < seconds_.size(); ++i) {
    out.push_back(
        {names_[i], mins[i], sums[i] / ranks, maxs[i], bytes[i], peak_rss[i], traffic[i]});
  }
  return out;
}

std::vector<TrafficSpread> reduce_traffic(MPI_Comm comm, std::span<const Traffic> traffic) {
  constexpr std::size_t kFields = 6;  // Traffic's counters, in order
  std::vector<std::uint64_t> mine;
  for (const Traffic& t : traffic) {
    mine.insert(mine.end(), {t.bytes_sent, t.bytes_received, t.messages_sent, t.messages_received,
                             t.collectives, t.mpi_nanoseconds});
  }
  const int count = static_cast<int>(mine.size());
  std::vector<std::uint64_t> mins(mine.size()), maxs(mine.size()), sums(mine.size());
  mpi_check(MPI_Allreduce(mine.data(), mins.data(), count, MPI_UINT64_T, MPI_MIN, comm),
            "MPI_Allreduce");
  mpi_check(MPI_Allreduce(mine.data(), maxs.data(), count, MPI_UINT64_T, MPI_MAX, comm),
            "MPI_Allreduce");
  mpi_check(MPI_Allreduce(mine.data(), sums.data(), count, MPI_UINT64_T, MPI_SUM, comm),
            "MPI_Allreduce");
  const double ranks = comm_size(comm);
  const auto spread = [&](std::size_t i) {
    return RankSpread{mins[i], static_cast<double>(sums[i]) / ranks, maxs[i], sums[i]};
  };
  std::vector<TrafficSpread> out;
  for (std::size_t i = 0; i < mine.size(); i += kFields) {
    out.push_back({spread(i), spread(i + 1), spread(i + 2), spread(i + 3), maxs[i + 4],
                   mins[i + 4] == maxs[i + 4], spread(i + 5)});
  }
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::uint64_t peak_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

std::vector<std::uint64_t> gather_per_rank(MPI_Comm comm, std::uint64_t value) {
  std::vector<std::uint64_t> all(static_cast<std::size_t>(comm_size(comm)));
  mpi_check(MPI_Allgather(&value, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T, comm),
            "MPI_Allgather");
  return all;
}

}  // namespace neardup
