// The command line: every subcommand of `neardup`, parsed with CLI11.
#pragma once

#include "jobs/mpi/mpi_process.hpp"

namespace neardup {

/// Parses the command line and runs the chosen command: on `mpi`'s world for the commands that
/// talk to other ranks (started then if it is not), in this process alone for the others. Usage
/// and errors are printed by rank 0 only. Returns the process exit code (0 success, 1 failure,
/// 2 usage).
int run_command_line(MpiProcess& mpi, int argc, char** argv);

}  // namespace neardup
