// The subcommands of `neardup`: each binds its own flags to a CLI11 command and says how it
// runs once parsed (run_command_line dispatches to the one given).
#pragma once

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace neardup {

/// The logging flags every command has (-v, -q).
struct LogFlags {
  bool verbose = false;
  bool quiet = false;
};

/// Binds -v/--verbose and -q/--quiet to `log`, once for every command that has them.
void add_log_flags(CLI::App& command, LogFlags& log);

/// One subcommand: its CLI11 command, with its flags bound, and what runs it: `run` for a
/// command that talks to other ranks, `run_alone` instead for one that runs in one process.
struct Command {
  CLI::App* app = nullptr;
  /// Runs the parsed command on `comm` and returns the exit code; throws JobError (an error
  /// every rank agrees on) or JobInterrupted.
  std::function<int(MPI_Comm comm)> run;
  /// Runs the parsed command in this process, which need not have started MPI (rank 0 of a
  /// launched job runs it, the other ranks exit 0); returns the exit code, throws UsageError or
  /// JobError.
  std::function<int()> run_alone;
};

/// Collective: when the inputs and the output directory overlap (input_output_overlap, as
/// rank 0 finds it), rank 0 prints the usage error and every rank returns exit code 2;
/// otherwise returns 0. Called before anything is created, locked or deleted.
int refuse_overlapping_output(MPI_Comm comm, const std::vector<std::string>& inputs,
                              const std::string& output);

/// `neardup minhash`, `simhash` and `exact`: the dedup jobs (MPI). `command_line` (the whole
/// command line, quoted) goes into the job's options for report.html.
Command add_minhash_command(CLI::App& app, LogFlags& log, const std::string& command_line);
Command add_simhash_command(CLI::App& app, LogFlags& log, const std::string& command_line);
Command add_exact_command(CLI::App& app, LogFlags& log, const std::string& command_line);

/// `neardup spans`: text repeated inside documents cut (MPI).
Command add_spans_command(CLI::App& app, LogFlags& log, const std::string& command_line);

/// `neardup explain`: why two documents are or are not near-duplicates (one process).
Command add_explain_command(CLI::App& app, LogFlags& log);

/// `neardup index build` and `neardup index add` (MPI).
std::vector<Command> add_index_commands(CLI::App& app, LogFlags& log);

/// `neardup query`: near-duplicates in an index of each document read (one process).
Command add_query_command(CLI::App& app, LogFlags& log);

/// `neardup params`: the LSH bands x rows for a threshold (one process).
Command add_params_command(CLI::App& app);

}  // namespace neardup
