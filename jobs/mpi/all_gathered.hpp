// Every rank's list, concatenated in rank order on every rank: MPI_Allgather of the counts,
// then MPI_Allgatherv of the items.
#pragma once

#include <mpi.h>

#include <climits>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

/// Collective: every rank's `mine`, one after another in rank order, on every rank. Throws
/// std::length_error on every rank when a rank's list or the whole holds more than INT_MAX
/// items (MPI's counts are ints).
template <class T>
std::vector<T> all_gathered(MPI_Comm comm, std::span<const T> mine) {
  static_assert(std::is_trivially_copyable_v<T>);
  if (any_rank(comm, mine.size() > static_cast<std::size_t>(INT_MAX))) {
    throw std::length_error("more than 2^31 - 1 items to gather from one rank");
  }
  const auto ranks = static_cast<std::size_t>(comm_size(comm));
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(ranks), starts(ranks);
  mpi_check(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm), "MPI_Allgather");
  std::size_t total = 0;
  for (std::size_t r = 0; r < ranks; ++r) {
    if (total > static_cast<std::size_t>(INT_MAX)) break;
    starts[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(counts[r]);
  }
  if (total > static_cast<std::size_t>(INT_MAX)) {  // the same on every rank
    throw std::length_error("more than 2^31 - 1 items to gather from all ranks");
  }
  MPI_Datatype item;
  mpi_check(MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &item),
            "MPI_Type_contiguous");
  mpi_check(MPI_Type_commit(&item), "MPI_Type_commit");
  std::vector<T> all(total);
  const int status = MPI_Allgatherv(mine.data(), count, item, all.data(), counts.data(),
                                    starts.data(), item, comm);
  MPI_Type_free(&item);
  mpi_check(status, "MPI_Allgatherv");
  return all;
}

}  // namespace neardup
