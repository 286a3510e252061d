// The command line: `neardup minhash`, `simhash`, `exact`, `explain`, `index`, `query` and
// `params`, parsed with CLI11 and dispatched to the subcommand given.
#include "jobs/cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "jobs/cli/commands.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/version.hpp"

namespace neardup {
namespace {

// Runs the parsed `command`; errors every rank agrees on exit 1, a stop request exits 75.
int run_parsed(MPI_Comm comm, const Command& command) {
  const int rank = comm_rank(comm);
  install_stop_handlers();
  try {
    return command.run(comm);
  } catch (const JobError& e) {
    if (rank == 0) log_error(e.what());
    return 1;
  } catch (const JobInterrupted& e) {
    if (rank == 0) {
      log_error(std::string(e.what()) +
                ": finished splits and stages are checkpointed; continue with the same command "
                "and --resume OUTPUT (exit code " +
                std::to_string(kExitInterrupted) + ")");
    }
    return kExitInterrupted;
  }
}

}  // namespace

int run_command_line(MPI_Comm comm, int argc, char** argv) {
  const int rank = comm_rank(comm);
  CLI::App app{"neardup: near-duplicate documents in corpora too big for one machine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("neardup ") + kNeardupVersion);
  LogFlags log;
  std::vector<Command> commands = {add_minhash_command(app, log), add_explain_command(app, log),
                                   add_simhash_command(app, log), add_exact_command(app, log)};
  for (Command& index : add_index_commands(app, log)) commands.push_back(std::move(index));
  commands.push_back(add_query_command(app, log));
  commands.push_back(add_params_command(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank == 0) app.exit(e);  // prints the help, or the error and a hint
    return e.get_exit_code() == 0 ? 0 : 2;
  }
  configure_log(rank, log.quiet     ? Verbosity::kQuiet
                      : log.verbose ? Verbosity::kVerbose
                                    : Verbosity::kNormal);
  for (const Command& command : commands) {
    if (command.app->parsed()) return run_parsed(comm, command);
  }
  return 2;  // unreachable: CLI11 requires one subcommand
}

}  // namespace neardup
