// Every rank's list, concatenated in rank order on every rank (MPI_Allgather of the counts,
// then MPI_Allgatherv of the items) or on rank 0 (MPI_Gatherv).
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

namespace gathered_detail {

// Checks that every rank's list and the whole fit MPI's int counts (std::length_error on every
// rank when not) and returns the offsets of each rank's items in the whole, then the total.
template <class T>
std::vector<int> starts_of(MPI_Comm comm, std::span<const T> mine, std::vector<int>& counts) {
  if (any_rank(comm, mine.size() > static_cast<std::size_t>(INT_MAX))) {
    throw std::length_error("more than 2^31 - 1 items to gather from one rank");
  }
  const auto ranks = static_cast<std::size_t>(comm_size(comm));
  const int count = static_cast<int>(mine.size());
  counts.assign(ranks, 0);
  mpi_check(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm), "MPI_Allgather");
  std::vector<int> starts(ranks + 1);
  std::size_t total = 0;
  for (std::size_t r = 0; r < ranks; ++r) {
    if (total > static_cast<std::size_t>(INT_MAX)) break;
    starts[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(counts[r]);
  }
  if (total > static_cast<std::size_t>(INT_MAX)) {  // the same on every rank
    throw std::length_error("more than 2^31 - 1 items to gather from all ranks");
  }
  starts[ranks] = static_cast<int>(total);
  return starts;
}

// A committed MPI datatype of sizeof(T) bytes, freed with the object.
template <class T>
class ByteItem {
 public:
  ByteItem() {
    static_assert(std::is_trivially_copyable_v<T>);
    mpi_check(MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &type_),
              "MPI_Type_contiguous");
    mpi_check(MPI_Type_commit(&type_), "MPI_Type_commit");
  }
  ~ByteItem() { MPI_Type_free(&type_); }
  ByteItem(const ByteItem&) = delete;
  ByteItem& operator=(const ByteItem&) = delete;
  MPI_Datatype get() const { return type_; }

 private:
  MPI_Datatype type_{};
};

}  // namespace gathered_detail

/// Collective: every rank's `mine`, one after another in rank order, on every rank. Throws
/// std::length_error on every rank when a rank's list or the whole holds more than INT_MAX
/// items (MPI's counts are ints).
template <class T>
std::vector<T> all_gathered(MPI_Comm comm, std::span<const T> mine) {
  std::vector<int> counts;
  const std::vector<int> starts = gathered_detail::starts_of(comm, mine, counts);
  const gathered_detail::ByteItem<T> item;
  std::vector<T> all(static_cast<std::size_t>(starts.back()));
  mpi_check(MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), item.get(), all.data(),
                           counts.data(), starts.data(), item.get(), comm),
            "MPI_Allgatherv");
  return all;
}

/// Collective: as all_gathered, but the whole is on rank 0 only (empty on the other ranks),
/// for what only rank 0 keeps.
template <class T>
std::vector<T> gathered_on_root(MPI_Comm comm, std::span<const T> mine) {
  std::vector<int> counts;
  const std::vector<int> starts = gathered_detail::starts_of(comm, mine, counts);
  const gathered_detail::ByteItem<T> item;
  std::vector<T> all(comm_rank(comm) == 0 ? static_cast<std::size_t>(starts.back()) : 0);
  mpi_check(MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), item.get(), all.data(),
                        counts.data(), starts.data(), item.get(), 0, comm),
            "MPI_Gatherv");
  return all;
}

}  // namespace neardup
