// The command line: every subcommand of `neardup`, parsed with CLI11.
#pragma once

#include <mpi.h>

namespace neardup {

/// Parses the command line and runs the chosen command on `comm`. Usage and errors are
/// printed by rank 0 only. Returns the process exit code (0 success, 1 failure, 2 usage).
int run_command_line(MPI_Comm comm, int argc, char** argv);

}  // namespace neardup
