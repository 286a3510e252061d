// Per-stage wall times and per-rank peak memory, reduced to min/avg/max across ranks.
#pragma once

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace neardup {

/// One stage's seconds across ranks.
struct StageSpread {
  std::string name;
  double min = 0;
  double avg = 0;
  double max = 0;
};

/// Records how long each stage took on this rank, in order.
class StageClock {
 public:
  /// Starts timing the stage `name` (ending the previous one).
  void start(const std::string& name);
  /// Ends the current stage.
  void stop();
  /// Collective: min/avg/max of every stage's seconds over the ranks of `comm`.
  std::vector<StageSpread> reduce(MPI_Comm comm) const;

 private:
  std::vector<std::string> names_;
  std::vector<double> seconds_;
  std::chrono::steady_clock::time_point started_;
  bool running_ = false;
};

/// This process's peak resident set size in bytes.
std::uint64_t peak_rss_bytes();

/// Collective: every rank's value, in rank order, on every rank.
std::vector<std::uint64_t> gather_per_rank(MPI_Comm comm, std::uint64_t value);

}  // namespace neardup
