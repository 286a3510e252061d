// neardup's entry point: malloc set up for large buffers, the command line, MPI started where a
// command needs it, and an abort on any uncaught failure so that no rank is left waiting in a
// collective.
#include <malloc.h>

#include <exception>

#include "jobs/cli/cli.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/malloc_restart.hpp"
#include "jobs/mpi/mpi_process.hpp"

int main(int argc, char** argv) {
  neardup::restart_with_huge_page_malloc(argv);
  // Buffers of 1 MiB and more are mapped and returned to the system when freed: a stage's
  // scratch then never stays resident as heap fragments under the next stage's (glibc would
  // otherwise raise this threshold to 32 MiB as large blocks are freed).
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  neardup::MpiProcess mpi(argc, argv);
  try {
    return neardup::run_command_line(mpi, argc, argv);
  } catch (const std::exception& e) {
    neardup::log_error(e.what());
    mpi.abort();
  }
}
