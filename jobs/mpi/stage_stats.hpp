// Per-stage wall times, peak memory and MPI traffic, reduced to min/avg/max across ranks.
#pragma once

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "jobs/mpi/traffic.hpp"

namespace neardup {

/// One per-rank count across ranks.
struct RankSpread {
  std::uint64_t min = 0;
  double avg = 0;
  std::uint64_t max = 0;
  std::uint64_t sum = 0;
};

/// What a stage (or a run) moved between ranks, across ranks (see Traffic for what counts).
struct TrafficSpread {
  RankSpread bytes_sent;
  RankSpread bytes_received;
  RankSpread messages_sent;
  RankSpread messages_received;
  std::uint64_t collectives = 0;  // collective calls of the busiest rank
  bool collectives_agree = true;  // every rank made as many (true of a correct SPMD program)
  RankSpread mpi_nanoseconds;     // wall time inside MPI calls: moving bytes and waiting
};

/// Collective: each entry of `traffic` (one per stage, in the same order on every rank) across
/// the ranks of `comm`.
std::vector<TrafficSpread> reduce_traffic(MPI_Comm comm, std::span<const Traffic> traffic);

/// One stage's seconds across ranks.
struct StageSpread {
  std::string name;
  double min = 0;
  double avg = 0;
  double max = 0;
  std::uint64_t bytes_shuffled = 0;  // bytes sent between ranks during the stage, all ranks
  std::uint64_t peak_rss = 0;        // largest rank's peak RSS (so far) when the stage ended
  TrafficSpread communication;       // every MPI call's traffic during the stage

  /// max / avg: 1 is perfect balance (1 when the stage took no time).
  double imbalance() const { return avg > 0 ? max / avg : 1.0; }
};

/// Records how long each stage took on this rank, and what it moved through MPI, in order.
class StageClock {
 public:
  /// `bytes_sent` (optional) reads this rank's bytes sent so far, attributed to stages.
  explicit StageClock(std::function<std::uint64_t()> bytes_sent = {})
      : bytes_sent_(std::move(bytes_sent)) {}
  /// Starts timing the stage `name` (ending the previous one).
  void start(const std::string& name);
  /// Ends the current stage.
  void stop();
  /// Collective: min/avg/max of every stage's seconds and traffic over the ranks of `comm`.
  std::vector<StageSpread> reduce(MPI_Comm comm) const;

 private:
  std::vector<std::string> names_;
  std::vector<double> seconds_;
  std::vector<std::uint64_t> bytes_;
  std::vector<std::uint64_t> peak_rss_;  // peak_rss_bytes() when each stage ended
  std::vector<Traffic> traffic_;
  Traffic traffic_at_start_;
  std::function<std::uint64_t()> bytes_sent_;
  std::uint64_t bytes_at_start_ = 0;
  std::chrono::steady_clock::time_point started_;
  bool running_ = false;
};

/// Seconds from `start` to now, on the steady clock.
double seconds_since(std::chrono::steady_clock::time_point start);

/// This process's peak resident set size in bytes.
std::uint64_t peak_rss_bytes();

/// Collective: every rank's value, in rank order, on every rank.
std::vector<std::uint64_t> gather_per_rank(MPI_Comm comm, std::uint64_t value);

}  // namespace neardup
