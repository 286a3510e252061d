// neardup's entry point: MPI set-up, the command line, and an abort on any uncaught failure so
// that no rank is left waiting in a collective.
#include <malloc.h>
#include <mpi.h>

#include <exception>

#include "jobs/cli/cli.hpp"
#include "jobs/mpi/log.hpp"

int main(int argc, char** argv) {
  // Buffers of 1 MiB and more are mapped and returned to the system when freed: a stage's
  // scratch then never stays resident as heap fragments under the next stage's (glibc would
  // otherwise raise this threshold to 32 MiB as large blocks are freed).
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int code = 0;
  try {
    code = neardup::run_command_line(MPI_COMM_WORLD, argc, argv);
  } catch (const std::exception& e) {
    neardup::log_error(e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return code;
}
