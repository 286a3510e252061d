// MPI return codes turned into exceptions carrying MPI_Error_string, and collective agreement
// on errors so that every rank fails together instead of hanging.
#include "jobs/mpi/mpi_check.hpp"

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
