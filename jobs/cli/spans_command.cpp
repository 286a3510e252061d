// `neardup spans`: its flags, from the option lists.
#include <memory>

#include "jobs/cli/commands.hpp"
#include "jobs/cli/option_binder.hpp"
#include "jobs/cli/refused_flags.hpp"
#include "jobs/methods/spans_job.hpp"

namespace neardup {

Command add_spans_command(CLI::App& app, LogFlags& log, const std::string& command_line) {
  auto o = std::make_shared<SpansOptions>();
  o->command_line = command_line;
  CLI::App* command = app.add_subcommand(
      "spans",
      "text repeated inside documents: every run of --min-tokens canonical tokens found "
      "elsewhere is cut from all but its first occurrence (MPI)");
  bind_options(*command, *o, describe_spans_job_options);
  command->get_option("--input")->required();
  add_log_flags(*command, log);
  add_refused_flags(*command, "spans");
  return {command,
          [o](MPI_Comm comm) {
            output_from_resume(*o);
            if (const int usage = refuse_overlapping_output(comm, o->inputs, o->output)) {
              return usage;
            }
            run_spans(comm, *o);
            return 0;
          },
          nullptr};
}

}  // namespace neardup
