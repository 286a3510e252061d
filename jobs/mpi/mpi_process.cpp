// MPI for this process, started only where it is needed (see mpi_process.hpp).
#include "jobs/mpi/mpi_process.hpp"

#include <cstdlib>

namespace neardup {

bool started_as_rank() {
  // Open MPI's mpirun, PMIx launchers (srun --mpi=pmix, prterun) and PMI-1/2 launchers (srun
  // --mpi=pmi2, MPICH's Hydra) each set one of these in every rank's environment.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_FD"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

MpiProcess::MpiProcess(int& argc, char**& argv) : argc_(argc), argv_(argv) {
  if (started_as_rank()) start();
}

MpiProcess::~MpiProcess() {
  if (started_) MPI_Finalize();
}

MPI_Comm MpiProcess::world() {
  if (!started_) start();
  return MPI_COMM_WORLD;
}

void MpiProcess::abort() {
  if (started_) MPI_Abort(MPI_COMM_WORLD, 1);
  std::exit(1);
}

void MpiProcess::start() {
  MPI_Init(&argc_, &argv_);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  started_ = true;
}

}  // namespace neardup
