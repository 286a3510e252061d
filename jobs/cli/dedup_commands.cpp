// `neardup minhash`, `simhash`, `exact` and `explain`: their flags, from the option lists.
#include <memory>

#include "jobs/cli/commands.hpp"
#include "jobs/cli/explain_command.hpp"
#include "jobs/cli/option_binder.hpp"
#include "jobs/cli/refused_flags.hpp"
#include "jobs/cli/spans_explain.hpp"
#include "jobs/methods/exact_job.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/methods/simhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// The flags every dedup job shares: inputs, record handling, outputs, memory, checkpoints.
template <class Options>
void bind_job_options(CLI::App& command, Options& o, LogFlags& log) {
  bind_options(command, o, describe_job_options);
  command.get_option("--input")->required();
  add_log_flags(command, log);
}

// A dedup job's subcommand: the shared flags, then the method's list; `run` runs the job.
template <class Options, class Describe, class Run>
Command add_dedup_command(CLI::App& app, LogFlags& log, const std::string& command_line,
                          const char* name, const char* help, Describe describe, Run run) {
  auto o = std::make_shared<Options>();
  o->command_line = command_line;
  CLI::App* command = app.add_subcommand(name, help);
  bind_job_options(*command, *o, log);
  bind_options(*command, *o, describe);
  add_refused_flags(*command, name);
  return {command,
          [o, run](MPI_Comm comm) {
            output_from_resume(*o);
            if (const int usage = refuse_overlapping_output(comm, o->inputs, o->output)) {
              return usage;
            }
            run(comm, *o);
            return 0;
          },
          nullptr};
}

}  // namespace

Command add_minhash_command(CLI::App& app, LogFlags& log, const std::string& command_line) {
  return add_dedup_command<MinhashOptions>(app, log, command_line, "minhash",
                                           "MinHash-LSH near-duplicate job (MPI)",
                                           describe_minhash_options, run_minhash);
}

Command add_simhash_command(CLI::App& app, LogFlags& log, const std::string& command_line) {
  return add_dedup_command<SimhashOptions>(
      app, log, command_line, "simhash",
      "SimHash near-duplicate job: fingerprints within k bits, permuted tables (MPI)",
      describe_simhash_options, run_simhash);
}

Command add_exact_command(CLI::App& app, LogFlags& log, const std::string& command_line) {
  return add_dedup_command<ExactOptions>(
      app, log, command_line, "exact",
      "exact duplicates by the XXH3-128 digest of the canonical tokens (MPI)",
      describe_exact_options, run_exact);
}

Command add_explain_command(CLI::App& app, LogFlags& log) {
  struct Explain {
    MinhashOptions options;
    std::string run;
    std::vector<std::string> ids;
  };
  auto e = std::make_shared<Explain>();
  CLI::App* command = app.add_subcommand(
      "explain",
      "why two documents are or are not near-duplicates under the minhash flags given: "
      "shingles, exact and estimated Jaccard, colliding bands, SimHash distance, verdict; with "
      "--run and one --id, what that run decided for the document (kept, or removed by which "
      "document at which similarity) and why; with --run of a spans run and one --id, the runs "
      "cut from that document, each checked against the copy kept in its place");
  bind_options(*command, e->options, [](auto& v, MinhashOptions& m) {
    describe_input_options(v, m);
    describe_minhash_options(v, m);
  });
  add_log_flags(*command, log);
  command
      ->add_option("--run", e->run,
                   "take the inputs and flags from the minhash (or spans) run that wrote DIR "
                   "(its stats.json) instead of -i and flags")
      ->type_name("DIR")
      ->excludes("--input");
  command
      ->add_option("--id", e->ids,
                   "a document: its id field, or path:line, as is or as clusters/ prints it "
                   "(twice: the pair to explain; once, with --run: what that run decided for it)")
      ->required()
      ->expected(1, 2);
  return {
      command, nullptr, [e] {
        if (e->ids.size() == 1 && e->run.empty()) {
          throw UsageError(
              "explain: one --id needs --run DIR (what that run decided for it); "
              "give --id twice to explain a pair");
        }
        if (e->ids.size() == 1 && job_of_run(e->run) == "spans") {
          std::cout << spans_explanation_text(
              explain_spans(spans_options_of_run(e->run), e->run, e->ids[0]));
          return 0;
        }
        if (!e->run.empty()) e->options = options_of_run(e->run);
        const std::string invalid = validate_explain(e->options);
        if (!invalid.empty()) throw UsageError(invalid);
        if (e->ids.size() == 1) {
          std::cout << decision_text(explain_decision(e->options, e->run, e->ids[0]), e->options);
        } else {
          std::cout << explanation_text(explain_pair(e->options, e->ids[0], e->ids[1]), e->options);
        }
        return 0;
      }};
}

}  // namespace neardup
