// `neardup index build`, `index add`, `query` and `params`: their flags and how they run.
#include <cstdio>
#include <iostream>
#include <memory>

#include "io/input/input_filter.hpp"
#include "io/input/input_plan.hpp"
#include "io/io_error.hpp"
#include "jobs/cli/commands.hpp"
#include "jobs/cli/option_binder.hpp"
#include "jobs/cli/params_command.hpp"
#include "jobs/cli/refused_flags.hpp"
#include "jobs/index/index_job.hpp"
#include "jobs/index/query_command.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// Rank 0's summary of an index build or add, for people and for scripts (RESULT line).
void print_index_summary(const IndexBuildSummary& s, bool add, int ranks) {
  using ull = unsigned long long;
  const auto per_doc = [&s](std::uint64_t bytes) {
    return s.index_docs ? static_cast<double>(bytes) / static_cast<double>(s.index_docs) : 0.0;
  };
  std::printf(
      "neardup index %s: %llu docs read, %llu indexed, %llu empty (not indexed), %llu "
      "skipped; index holds %llu docs in %llu segments, %llu bytes (%.1f bytes per doc",
      add ? "add" : "build", static_cast<ull>(s.docs_read), static_cast<ull>(s.docs_indexed),
      static_cast<ull>(s.docs_empty), static_cast<ull>(s.docs_skipped),
      static_cast<ull>(s.index_docs), static_cast<ull>(s.index_segments),
      static_cast<ull>(s.index_bytes), per_doc(s.index_bytes));
  if (s.shingle_bytes > 0) {
    std::printf(", of which shingle sets %.1f", per_doc(s.shingle_bytes));
  }
  std::printf(
      ")\nRESULT job=index ranks=%d indexed=%llu index_docs=%llu index_bytes=%llu "
      "shingle_bytes=%llu\n",
      ranks, static_cast<ull>(s.docs_indexed), static_cast<ull>(s.index_docs),
      static_cast<ull>(s.index_bytes), static_cast<ull>(s.shingle_bytes));
  std::fflush(stdout);
}

// `index build` (add = false) or `index add`.
Command add_index_command(CLI::App& index, LogFlags& log, bool add) {
  auto o = std::make_shared<IndexBuildOptions>();
  o->add = add;
  CLI::App* command =
      add ? index.add_subcommand("add",
                                 "add a batch of inputs to an index (its parameters are "
                                 "kept)")
          : index.add_subcommand("build", "build an index from inputs");
  if (add) {  // empty: the index's (IndexBuildOptions)
    o->document.text_field.clear();
    o->document.id_field.clear();
  }
  bind_options(*command, *o, [add](auto& v, IndexBuildOptions& b) {
    describe_input_options(v, b);
    describe_index_target(v, b);
    if (!add) describe_index_options(v, b);
  });
  add_refused_flags(*command, add ? "index add" : "index build");
  if (add) {
    for (const char* flag : {"--text-field", "--id-field"}) {
      CLI::Option* option = command->get_option(flag);
      option->description(option->get_description() + "; default: the index's");
    }
  }
  command->get_option("--input")->required();
  command->get_option("--index")->required();
  add_log_flags(*command, log);
  return {command,
          [o](MPI_Comm comm) {
            if (const int usage = refuse_overlapping_output(comm, o->inputs, o->output)) {
              return usage;
            }
            const IndexBuildSummary summary = run_index_build(comm, *o);
            if (comm_rank(comm) == 0) print_index_summary(summary, o->add, comm_size(comm));
            return 0;
          },
          nullptr};
}

// The query's figures on standard error (-v).
void print_query_figures(const QueryCounts& counts) {
  std::fprintf(stderr,
               "RESULT job=query lines=%llu answered=%llu errors=%llu seconds=%.3f "
               "queries_per_s=%.0f p50_us=%.1f p99_us=%.1f\n",
               static_cast<unsigned long long>(counts.lines),
               static_cast<unsigned long long>(counts.answered),
               static_cast<unsigned long long>(counts.errors), counts.seconds,
               counts.seconds > 0 ? static_cast<double>(counts.lines) / counts.seconds : 0.0,
               counts.p50_microseconds, counts.p99_microseconds);
}

}  // namespace

std::vector<Command> add_index_commands(CLI::App& app, LogFlags& log) {
  CLI::App* index = app.add_subcommand("index", "a persistent near-duplicate index (MPI)");
  index->require_subcommand(1);
  return {add_index_command(*index, log, false), add_index_command(*index, log, true)};
}

Command add_query_command(CLI::App& app, LogFlags& log) {
  auto query = std::make_shared<QueryOptions>();
  CLI::App* command = app.add_subcommand(
      "query", "near-duplicates in an index of each document read (one process; JSON Lines out)");
  command->add_option("--index", query->index, "the index directory")->required();
  command->add_option("-i,--input", query->inputs,
                      "queries: files, directories, globs or @LIST, read as the jobs read them "
                      "(each text file one query); default: standard input, as JSON Lines");
  bind_options(*command, *query, describe_format_option);
  command->add_option("--text-field", query->text_field, "text field (default: the index's)");
  command->add_option("--id-field", query->id_field,
                      "id field, echoed in each answer (default: the index's)");
  bind_options(*command, *query, describe_max_doc_option);
  bind_options(*command, *query, describe_input_filter_options);
  bind_options(*command, *query, describe_keep_field_option);
  command->add_option("--dedup-list", query->dedup_list,
                      "each line is a ranked result list: keep its first N results that are "
                      "not near-duplicates of better-ranked ones");
  command
      ->add_option("--results-field", query->results_field,
                   "--dedup-list: the array of results in each line")
      ->capture_default_str();
  add_log_flags(*command, log);
  return {command, nullptr, [query, &log] {
            std::string problem = input_pattern_problem(query->inputs);
            if (problem.empty()) problem = filter_problem(query->filter);
            if (problem.empty()) problem = query_problem(*query);
            if (!problem.empty()) {
              log_error(problem);
              return 2;
            }
            try {
              const QueryCounts counts = run_query_command(*query, std::cout);
              if (log.verbose) print_query_figures(counts);
            } catch (const IoError& e) {
              log_error(e.what());
              return 1;
            }
            return 0;
          }};
}

Command add_params_command(CLI::App& app) {
  auto o = std::make_shared<ParamsOptions>();
  CLI::App* command = app.add_subcommand("params", "show the LSH bands x rows for a threshold");
  bind_options(*command, *o, describe_lsh_options);
  return {command, nullptr, [o] {
            if (const std::string problem = validate_lsh_options(*o); !problem.empty()) {
              std::cerr << "error: " << problem << "\n";
              return 2;
            }
            std::cout << params_report(*o);
            return 0;
          }};
}

}  // namespace neardup
