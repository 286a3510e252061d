// Benchmark of the distributed SimHash find-all: N random fingerprints (splitmix64 of the global
// index, document d on rank d % ranks) searched with the permuted-table design; rank 0 prints
// one RESULT line with the wall time, tuples, comparisons and pairs found.
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/sketch/minhash.hpp"
#include "jobs/methods/hamming_search.hpp"
#include "jobs/mpi/mpi_check.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const std::uint64_t total = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000000;
  const unsigned k = argc > 2 ? static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10)) : 3;
  const unsigned blocks =
      argc > 3 ? static_cast<unsigned>(std::strtoul(argv[3], nullptr, 10)) : k + 3;
  {
    neardup::Exchanger exchanger(MPI_COMM_WORLD, 64u << 20);
    const int rank = exchanger.rank();
    const int ranks = exchanger.size();
    std::vector<neardup::FingerprintDoc> docs;
    docs.reserve(total / static_cast<std::uint64_t>(ranks) + 1);
    for (std::uint64_t d = static_cast<std::uint64_t>(rank); d < total;
         d += static_cast<std::uint64_t>(ranks)) {
      std::uint64_t state = d * 0x9E3779B97F4A7C15ull + 1;
      docs.push_back({neardup::splitmix64(state), d});
    }
    const neardup::OwnerFn owner = [ranks](neardup::DocId d) {
      return static_cast<int>(d % ranks);
    };
    neardup::HammingSearchCounts counts;
    MPI_Barrier(MPI_COMM_WORLD);
    const auto start = std::chrono::steady_clock::now();
    const std::vector<neardup::HammingPair> pairs =
        neardup::find_hamming_pairs(exchanger, docs, {k, blocks}, {}, owner, counts);
    MPI_Barrier(MPI_COMM_WORLD);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::uint64_t found = neardup::sum_over_ranks(MPI_COMM_WORLD, pairs.size());
    const std::uint64_t tuples = neardup::sum_over_ranks(MPI_COMM_WORLD, counts.tuples);
    const std::uint64_t comparisons = neardup::sum_over_ranks(MPI_COMM_WORLD, counts.comparisons);
    if (rank == 0) {
      std::printf(
          "RESULT pass=hamming_findall ranks=%d fingerprints=%llu k=%u blocks=%u seconds=%.2f "
          "tuples=%llu comparisons=%llu pairs=%llu\n",
          ranks, static_cast<unsigned long long>(total), k, blocks, seconds,
          static_cast<unsigned long long>(tuples), static_cast<unsigned long long>(comparisons),
          static_cast<unsigned long long>(found));
    }
  }
  MPI_Finalize();
  return 0;
}
