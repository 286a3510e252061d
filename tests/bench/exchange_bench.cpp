// Benchmark of the shuffle: N random 16-byte band tuples per rank packed by destination and
// moved with Exchanger::shuffle_into (MPI_Alltoallv), then radix-sorted as the candidate stage
// does; rank 0 prints one RESULT line with GB/s of the shuffle and M tuples/s of the sort.
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "core/sketch/minhash.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const std::uint64_t per_rank = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20000000;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
  {
    neardup::Exchanger exchanger(MPI_COMM_WORLD, 64u << 20);
    const int rank = exchanger.rank();
    const auto ranks = static_cast<std::uint64_t>(exchanger.size());
    std::uint64_t state = 0x5EED0000ull + static_cast<std::uint64_t>(rank);
    std::vector<neardup::BandTuple> tuples(per_rank);
    for (std::uint64_t i = 0; i < per_rank; ++i) {
      tuples[i] = {neardup::splitmix64(state), (static_cast<std::uint64_t>(rank) << 32) | i};
    }
    std::vector<neardup::BandTuple> received;
    double shuffle_best = 1e30, sort_best = 1e30;
    for (int r = 0; r < repeats; ++r) {
      received.clear();
      MPI_Barrier(MPI_COMM_WORLD);
      auto start = std::chrono::steady_clock::now();
      exchanger.shuffle_into(
          std::span<const neardup::BandTuple>(tuples),
          [ranks](const neardup::BandTuple& t) { return static_cast<int>(t.key % ranks); },
          received);
      MPI_Barrier(MPI_COMM_WORLD);
      shuffle_best = std::min(shuffle_best, seconds_since(start));
      start = std::chrono::steady_clock::now();
      neardup::sort_band_tuples(received);
      MPI_Barrier(MPI_COMM_WORLD);
      sort_best = std::min(sort_best, seconds_since(start));
    }
    const std::uint64_t moved = neardup::sum_over_ranks(MPI_COMM_WORLD, exchanger.bytes_sent());
    if (rank == 0) {
      const double bytes_per_rank = static_cast<double>(per_rank * sizeof(neardup::BandTuple));
      std::printf(
          "RESULT pass=shuffle ranks=%d tuples_per_rank=%llu tuple_bytes=%zu "
          "shuffle_seconds=%.3f gb_per_s_per_rank=%.2f bytes_between_ranks=%llu "
          "sort_seconds=%.3f sort_m_tuples_per_s=%.1f\n",
          static_cast<int>(ranks), static_cast<unsigned long long>(per_rank),
          sizeof(neardup::BandTuple), shuffle_best, bytes_per_rank / shuffle_best / 1e9,
          static_cast<unsigned long long>(moved / static_cast<std::uint64_t>(repeats)), sort_best,
          static_cast<double>(received.size()) / sort_best / 1e6);
    }
  }
  MPI_Finalize();
  return 0;
}
