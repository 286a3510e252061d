// MPI return codes turned into exceptions carrying MPI_Error_string, and collective agreement
// on errors so that every rank fails together instead of hanging.
#include "jobs/mpi/mpi_check.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

namespace neardup {

void mpi_check(int code, const char* call) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw MpiError(std::string(call) +
                 " failed: " + std::string(text, static_cast<std::size_t>(length)));
}

int comm_rank(MPI_Comm comm) {
  int rank = 0;
  mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  return rank;
}

int comm_size(MPI_Comm comm) {
  int size = 0;
  mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
  return size;
}

namespace {

// Collective: the message of the lowest rank whose `local_error` is not empty, or "".
std::string first_error(MPI_Comm comm, const std::string& local_error) {
  const int size = comm_size(comm);
  const int mine = local_error.empty() ? size : comm_rank(comm);
  int first = size;
  mpi_check(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
  return first == size ? "" : broadcast_string(comm, local_error, first);
}

}  // namespace

void agree_on_errors(MPI_Comm comm, const std::string& local_error) {
  if (std::string error = first_error(comm, local_error); !error.empty()) throw JobError(error);
}

void agree_on_usage(MPI_Comm comm, const std::string& local_problem) {
  if (std::string problem = first_error(comm, local_problem); !problem.empty()) {
    throw UsageError(problem);
  }
}

std::string broadcast_string(MPI_Comm comm, std::string text, int root) {
  std::uint64_t length = text.size();
  mpi_check(MPI_Bcast(&length, 1, MPI_UINT64_T, root, comm), "MPI_Bcast");
  text.resize(length);
  mpi_check(MPI_Bcast(text.data(), static_cast<int>(length), MPI_CHAR, root, comm), "MPI_Bcast");
  return text;
}

std::string scatter_strings(MPI_Comm comm, const std::vector<std::string>& blocks, int root) {
  const bool is_root = comm_rank(comm) == root;
  std::vector<std::uint64_t> lengths;
  std::vector<int> counts, starts;
  std::string all;
  if (is_root) {
    for (const std::string& block : blocks) {
      lengths.push_back(block.size());
      counts.push_back(static_cast<int>(std::min<std::size_t>(block.size(), INT_MAX)));
      starts.push_back(static_cast<int>(std::min<std::size_t>(all.size(), INT_MAX)));
      all += block;
    }
  }
  std::uint64_t length = 0;
  mpi_check(MPI_Scatter(lengths.data(), 1, MPI_UINT64_T, &length, 1, MPI_UINT64_T, root, comm),
            "MPI_Scatter");
  if (any_rank(comm, length > INT_MAX || (is_root && all.size() > INT_MAX))) {
    throw std::length_error("more than 2^31 - 1 bytes to scatter");
  }
  std::string mine(length, '\0');
  mpi_check(MPI_Scatterv(all.data(), counts.data(), starts.data(), MPI_CHAR, mine.data(),
                         static_cast<int>(length), MPI_CHAR, root, comm),
            "MPI_Scatterv");
  return mine;
}

std::uint64_t max_over_ranks(MPI_Comm comm, std::uint64_t value) {
  std::uint64_t result = 0;
  mpi_check(MPI_Allreduce(&value, &result, 1, MPI_UINT64_T, MPI_MAX, comm), "MPI_Allreduce");
  return result;
}

std::uint64_t sum_over_ranks(MPI_Comm comm, std::uint64_t value) {
  std::uint64_t result = 0;
  mpi_check(MPI_Allreduce(&value, &result, 1, MPI_UINT64_T, MPI_SUM, comm), "MPI_Allreduce");
  return result;
}

bool any_rank(MPI_Comm comm, bool flag) { return max_over_ranks(comm, flag ? 1 : 0) != 0; }

}  // namespace neardup
