// MPI for this process, started only where it is needed: at once when a launcher started the
// process as a rank, otherwise when a command that talks to other ranks runs. A command that
// runs alone (query, explain, params, --help) then starts no MPI runtime.
#pragma once

#include <mpi.h>

namespace neardup {

/// True when a launcher (mpirun, mpiexec, srun) started this process as a rank: its
/// environment has Open MPI's, PMIx's or PMI's rank variables.
bool started_as_rank();

/// This process's MPI: started in the constructor when started_as_rank(), else on the first
/// world(); finalized by the destructor when started. One per process.
class MpiProcess {
 public:
  MpiProcess(int& argc, char**& argv);
  ~MpiProcess();
  MpiProcess(const MpiProcess&) = delete;
  MpiProcess& operator=(const MpiProcess&) = delete;

  /// MPI_COMM_WORLD, with errors returned rather than fatal; starts MPI first if it is not.
  MPI_Comm world();

  /// This process's rank: 0 while MPI is not started (the process is alone).
  int rank() const { return rank_; }

  /// Ends the process after an uncaught failure: MPI_Abort of every rank when MPI is started
  /// (no rank is left waiting in a collective), else exit code 1.
  [[noreturn]] void abort();

 private:
  void start();

  int& argc_;
  char**& argv_;
  bool started_ = false;
  int rank_ = 0;
};

}  // namespace neardup
