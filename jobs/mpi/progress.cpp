// Progress of a long stage on rank 0, gathered without stalling the work: ranks send their
// counts with non-blocking sends on a duplicated communicator, rank 0 polls between records.
#include "jobs/mpi/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

constexpr int kCountsTag = 1;
constexpr int kDoneTag = 2;

}  // namespace

Progress::Progress(MPI_Comm comm, std::string stage, std::uint64_t total_bytes,
                   double interval_seconds)
    : stage_(std::move(stage)),
      total_bytes_(total_bytes),
      interval_(interval_seconds),
      start_(std::chrono::steady_clock::now()) {
  if (interval_ <= 0) return;
  mpi_check(MPI_Comm_dup(comm, &comm_), "MPI_Comm_dup");
  rank_ = comm_rank(comm_);
  ranks_ = comm_size(comm_);
}

Progress::~Progress() {
  if (comm_ == MPI_COMM_NULL) return;
  if (!requests_.empty()) {
    MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  }
  MPI_Comm_free(&comm_);
}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::advance(std::uint64_t bytes, std::uint64_t docs) {
  if (comm_ == MPI_COMM_NULL) return;
  bytes_ += bytes;
  docs_ += docs;
  const double now = elapsed();
  if (rank_ == 0) {
    if (now - last_send_ >= 0.05) {  // polling costs a little: not on every call
      last_send_ = now;
      poll();
    }
    return;
  }
  if (now - last_send_ < interval_ / 4) return;
  last_send_ = now;
  send_counts(kCountsTag);
}

void Progress::send_counts(int tag) {
  outbox_.push_back({bytes_, docs_});
  bytes_ = docs_ = 0;
  requests_.emplace_back();
  mpi_check(MPI_Isend(outbox_.back().data(), 2, MPI_UINT64_T, 0, tag, comm_, &requests_.back()),
            "MPI_Isend");
}

void Progress::poll() {
  while (true) {
    int arrived = 0;
    MPI_Status status;
    mpi_check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &arrived, &status), "MPI_Iprobe");
    if (!arrived) break;
    std::array<std::uint64_t, 2> counts{};
    mpi_check(MPI_Recv(counts.data(), 2, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG, comm_,
                       MPI_STATUS_IGNORE),
              "MPI_Recv");
    bytes_ += counts[0];
    docs_ += counts[1];
    done_ranks_ += status.MPI_TAG == kDoneTag;
  }
  if (elapsed() - last_print_ >= interval_) print(false);
}

void Progress::print(bool last) {
  const double seconds = elapsed();
  last_print_ = seconds;
  const double mb = static_cast<double>(bytes_) / 1e6;
  const double rate = seconds > 0 ? mb / seconds : 0;
  const double fraction =
      total_bytes_ ? std::min(1.0, static_cast<double>(bytes_) / static_cast<double>(total_bytes_))
                   : 1.0;
  const double left = rate > 0 ? (static_cast<double>(total_bytes_) / 1e6 - mb) / rate : 0;
  char line[256];
  std::snprintf(line, sizeof line,
                "%s: %.0f%% of %.1f MB in %.0f s (%.1f MB/s), %.0f s left, %llu docs",
                stage_.c_str(), 100 * fraction, static_cast<double>(total_bytes_) / 1e6, seconds,
                rate, last ? 0.0 : std::max(0.0, left), static_cast<unsigned long long>(docs_));
  log_progress(line, last);
}

void Progress::finish() {
  if (comm_ == MPI_COMM_NULL || finished_) return;
  finished_ = true;
  if (rank_ != 0) {
    send_counts(kDoneTag);
    mpi_check(
        MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
        "MPI_Waitall");
    requests_.clear();
    return;
  }
  while (done_ranks_ < ranks_ - 1) {
    poll();
    if (done_ranks_ < ranks_ - 1) ::usleep(10000);
  }
  print(true);
}

}  // namespace neardup
