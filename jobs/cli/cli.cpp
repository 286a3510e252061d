// The command line: `neardup minhash`, `simhash`, `exact`, `spans`, `explain`, `index`,
// `query` and `params`, parsed with CLI11 and dispatched to the subcommand given; the usage
// errors they share.
#include "jobs/cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "io/input/path_overlap.hpp"
#include "jobs/cli/commands.hpp"
#include "jobs/cli/flag_suggestion.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/version.hpp"

namespace neardup {
namespace {

// Runs the parsed `command`, on `mpi`'s world or alone; errors every rank agrees on exit 1,
// usage errors (flags that do not go together) 2, a stop request 75.
int run_parsed(MpiProcess& mpi, const Command& command) {
  if (command.run_alone && mpi.rank() != 0) return 0;
  const MPI_Comm comm = command.run_alone ? MPI_COMM_NULL : mpi.world();
  const int rank = mpi.rank();
  if (!command.run_alone) install_stop_handlers();  // alone, a signal ends it as any process
  try {
    return command.run_alone ? command.run_alone() : command.run(comm);
  } catch (const UsageError& e) {
    if (rank == 0) log_error(e.what());
    return 2;
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

// The command line as a shell would retype it: each word with a character a shell reads
// specially in single quotes.
std::string shell_command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    const std::string word = argv[i];
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                            "0123456789@%+=:,./_-") == std::string::npos;
    if (i > 0) line += ' ';
    if (plain) {
      line += word;
      continue;
    }
    line += '\'';
    for (const char c : word) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

// The deepest subcommand the command line named (`app` itself when none).
const CLI::App* chosen_command(const CLI::App& app) {
  const CLI::App* command = &app;
  while (!command->get_subcommands().empty()) command = command->get_subcommands().front();
  return command;
}

// True when `name` names `command` or one of the commands it is under.
bool is_command_name(const CLI::App& command, const std::string& name) {
  for (const CLI::App* named = &command; named != nullptr; named = named->get_parent()) {
    if (named->get_name() == name) return true;
  }
  return false;
}

// The flags and subcommand names `command` knows, with their dashes.
std::vector<std::string> known_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    if (option->get_group().empty()) continue;  // hidden: a refused spelling (refused_flags)
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  for (const CLI::App* sub : command.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

// After an unexpected argument or a missing subcommand: "did you mean --threshold?" for each
// flag the chosen command does not know but nearly does, or for a misspelt subcommand.
void suggest_flags(const CLI::App& app, int argc, char** argv) {
  const CLI::App* command = chosen_command(app);
  const std::vector<std::string> known = known_names(*command);
  const bool wants_subcommand = !command->get_subcommands({}).empty();
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    const std::string name = argument.substr(0, argument.find('='));
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    const bool flag = argument.starts_with('-');
    if (flag ? command == &app : !wants_subcommand || is_command_name(*command, argument)) {
      continue;  // a flag of an unknown command, a value, or a subcommand already chosen
    }
    const std::string nearest = nearest_flag(argument, known);
    if (!nearest.empty()) {
      std::fprintf(stderr, "%s: did you mean %s?\n", argument.c_str(), nearest.c_str());
    }
    if (!flag) return;  // one misspelt subcommand; what follows belongs to it
  }
}

}  // namespace

void add_log_flags(CLI::App& command, LogFlags& log) {
  command.add_flag("-v,--verbose", log.verbose,
                   "debug lines on standard error, from every rank (query: its latency figures)");
  command.add_flag("-q,--quiet", log.quiet, "errors only");
}

int refuse_overlapping_output(MPI_Comm comm, const std::vector<std::string>& inputs,
                              const std::string& output) {
  const bool root = comm_rank(comm) == 0;
  const std::string problem =
      broadcast_string(comm, root ? input_output_overlap(inputs, output) : std::string());
  if (problem.empty()) return 0;
  if (root) std::cerr << "error: " << problem << "\n";
  return 2;
}

int run_command_line(MpiProcess& mpi, int argc, char** argv) {
  const int rank = mpi.rank();
  CLI::App app{"neardup: near-duplicate documents in corpora too big for one machine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("neardup ") + kNeardupVersion);
  LogFlags log;
  const std::string command_line = shell_command_line(argc, argv);
  std::vector<Command> commands = {
      add_minhash_command(app, log, command_line), add_explain_command(app, log),
      add_simhash_command(app, log, command_line), add_exact_command(app, log, command_line),
      add_spans_command(app, log, command_line)};
  for (Command& index : add_index_commands(app, log)) commands.push_back(std::move(index));
  commands.push_back(add_query_command(app, log));
  commands.push_back(add_params_command(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank == 0) {
      app.exit(e);  // prints the help, or the error and a hint
      if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr ||
          dynamic_cast<const CLI::RequiredError*>(&e) != nullptr) {
        suggest_flags(app, argc, argv);
      }
    }
    return e.get_exit_code() == 0 ? 0 : 2;
  }
  configure_log(rank, log.quiet     ? Verbosity::kQuiet
                      : log.verbose ? Verbosity::kVerbose
                                    : Verbosity::kNormal);
  for (const Command& command : commands) {
    if (command.app->parsed()) return run_parsed(mpi, command);
  }
  return 2;  // unreachable: CLI11 requires one subcommand
}

}  // namespace neardup
