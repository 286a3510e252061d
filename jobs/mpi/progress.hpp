// Progress of a long stage on rank 0, gathered without stalling the work: ranks send their
// counts with non-blocking sends on a duplicated communicator, rank 0 polls between records.
#pragma once

#include <mpi.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace neardup {

/// Collective construction and finish(). Every rank reports the input bytes and documents it
/// has done; rank 0 prints "STAGE: P% of X MB in T s (R MB/s), S s left, N docs" every
/// `interval_seconds` (like mpiFileUtils' "N% in T secs (rate) S secs left"), one refreshing
/// line on a terminal, plain lines in a log. Disabled (no messages at all) when
/// interval_seconds <= 0, which must then hold on every rank.
class Progress {
 public:
  Progress(MPI_Comm comm, std::string stage, std::uint64_t total_bytes, double interval_seconds);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  /// This rank has done `bytes` more input bytes and `docs` more documents. Cheap enough to
  /// call every few thousand records: it sends (or, on rank 0, polls and prints) only a few
  /// times per interval.
  void advance(std::uint64_t bytes, std::uint64_t docs);

  /// Collective: this rank is done. Rank 0 goes on printing until every rank is, then prints
  /// the final line; the others complete their sends.
  void finish();

 private:
  // Ranks other than 0: sends the counts gathered since the last send, tagged `tag`.
  void send_counts(int tag);
  void poll();
  void print(bool last);
  double elapsed() const;

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int ranks_ = 1;
  std::string stage_;
  std::uint64_t total_bytes_ = 0;
  double interval_ = 0;
  std::chrono::steady_clock::time_point start_;
  double last_print_ = 0;
  double last_send_ = 0;
  std::uint64_t bytes_ = 0;  // rank 0: all ranks' so far; others: not yet sent
  std::uint64_t docs_ = 0;
  int done_ranks_ = 0;
  std::deque<std::array<std::uint64_t, 2>> outbox_;  // stable buffers of pending sends
  std::vector<MPI_Request> requests_;
  bool finished_ = false;
};

}  // namespace neardup
