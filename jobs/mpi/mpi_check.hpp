// MPI return codes turned into exceptions carrying MPI_Error_string, and collective agreement
// on errors so that every rank fails together instead of hanging.
#pragma once

#include <mpi.h>

#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace neardup {

/// An MPI call failed; what() names the call and MPI's own description of the error.
class MpiError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A failure every rank agreed on (missing input, unwritable output). Rank 0 has the message;
/// the job ends with exit code 1 on every rank.
class JobError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Flags that cannot run together or a value no flag accepts, agreed on by every rank: the
/// job ends with exit code 2 (a usage error), like a command line CLI11 refuses.
class UsageError : public JobError {
 public:
  using JobError::JobError;
};

/// Throws MpiError when `code` is not MPI_SUCCESS. `call` names the MPI function.
void mpi_check(int code, const char* call);

/// Collective. When any rank passes a non-empty `local_error`, every rank throws JobError with
/// the message of the lowest such rank; otherwise returns on every rank.
void agree_on_errors(MPI_Comm comm, const std::string& local_error);

/// Collective. Like agree_on_errors for the validation of flags: throws UsageError.
void agree_on_usage(MPI_Comm comm, const std::string& local_problem);

/// Collective: runs `work` (not collective itself) on this rank, then agree_on_errors with the
/// message of the std::exception it threw, prefixed with `context` ("" when it returned): the
/// pattern of a step that may fail on any rank.
template <class Work>
void run_agreed(MPI_Comm comm, Work&& work, const std::string& context = "") {
  std::string error;
  try {
    work();
  } catch (const std::exception& e) {
    error = context + e.what();
  }
  agree_on_errors(comm, error);
}

/// Collective. `root`'s `text` on every rank (other ranks' argument is ignored).
std::string broadcast_string(MPI_Comm comm, std::string text, int root = 0);

/// Collective: `root`'s blocks[r] on rank r (`blocks` holds one block per rank on the root and
/// is not read elsewhere). Throws std::length_error on every rank when a block passes 2^31 - 1
/// bytes (MPI's counts are ints).
std::string scatter_strings(MPI_Comm comm, const std::vector<std::string>& blocks, int root = 0);

/// Collective. The maximum of a value over all ranks.
std::uint64_t max_over_ranks(MPI_Comm comm, std::uint64_t value);

/// Collective. The sum of a value over all ranks.
std::uint64_t sum_over_ranks(MPI_Comm comm, std::uint64_t value);

/// Collective. True on every rank when `flag` is true on any rank.
bool any_rank(MPI_Comm comm, bool flag);

/// This rank's index in `comm`.
int comm_rank(MPI_Comm comm);

/// The number of ranks in `comm`.
int comm_size(MPI_Comm comm);

}  // namespace neardup
