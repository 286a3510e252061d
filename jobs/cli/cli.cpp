// The command line: `neardup minhash`, `simhash`, `exact`, `index`, `query` and `params`.
#include "jobs/cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <map>

#include "io/io_error.hpp"
#include "jobs/cli/explain_command.hpp"
#include "jobs/cli/params_command.hpp"
#include "jobs/index/index_job.hpp"
#include "jobs/index/query_command.hpp"
#include "jobs/methods/exact_job.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/methods/simhash_job.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/version.hpp"

namespace neardup {
namespace {

void add_lsh_flags(CLI::App& app, double& threshold, unsigned& num_perm, unsigned& bands,
                   unsigned& rows, double& fp_weight, double& fn_weight,
                   double& pass_at_threshold) {
  app.add_option("-t,--threshold", threshold,
                 "Jaccard similarity at which documents are duplicates")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--num-perm", num_perm, "MinHash signature length P")
      ->check(CLI::Range(1u, 4096u))
      ->capture_default_str();
  app.add_option("--bands", bands, "LSH bands b (with --rows; default: chosen from --threshold)");
  app.add_option("--rows", rows, "LSH rows per band r (with --bands)");
  app.add_option("--fp-weight", fp_weight, "weight of false positives when choosing b x r")
      ->capture_default_str();
  app.add_option("--fn-weight", fn_weight, "weight of false negatives when choosing b x r")
      ->capture_default_str();
  app.add_option("--pass-at-threshold", pass_at_threshold,
                 "--verify estimate: chance that a pair exactly at the threshold passes "
                 "(0.5 = unbiased; higher favours recall)")
      ->check(CLI::Range(0.01, 1.0))
      ->capture_default_str();
}

// The flags every job shares that need converting after parsing.
struct SharedFlags {
  explicit SharedFlags(const JobOptions& defaults)
      : split_mb(defaults.split_bytes >> 20),
        shuffle_mb(defaults.shuffle_bytes >> 20),
        max_doc_mb(defaults.max_doc_bytes >> 20) {}
  std::string format = "auto";
  std::uint64_t split_mb;
  std::uint64_t shuffle_mb;
  std::uint64_t max_doc_mb;

  // Stores the converted values into `options`.
  void apply(JobOptions& options) const {
    options.split_bytes = split_mb << 20;
    options.shuffle_bytes = shuffle_mb << 20;
    options.max_doc_bytes = max_doc_mb << 20;
    options.format = parse_input_format(format);
    if (options.output.empty()) options.output = options.resume;
  }
};

// Inputs and record handling: the same flags on every command that reads a corpus.
void add_input_flags(CLI::App& job, JobOptions& o, SharedFlags& flags, bool& verbose, bool& quiet) {
  job.add_option("-i,--input", o.inputs,
                 "input files, directories, globs or @LIST (a file naming one input per line)")
      ->required();
  job.add_option("--format", flags.format,
                 "input format: auto (by extension: .jsonl/.json/.ndjson, with .gz or .zst), "
                 "jsonl, jsonl.gz, jsonl.zst, or text (one document per file)")
      ->check(CLI::IsMember({"auto", "jsonl", "jsonl.gz", "jsonl.zst", "text"}))
      ->capture_default_str();
  job.add_option("--text-field", o.document.text_field, "JSON field holding the text (dotted path)")
      ->capture_default_str();
  job.add_option("--id-field", o.document.id_field,
                 "JSON field holding the id (dotted path; absent: path:line)")
      ->capture_default_str();
  job.add_option("--max-doc-mb", flags.max_doc_mb,
                 "longer documents are skipped (counted as doc_too_large), never truncated")
      ->check(CLI::Range(1, 4095))
      ->capture_default_str();
  job.add_flag("--strict", o.strict, "any skipped line is a fatal error naming its file and line");
  job.add_option("--split-mb", flags.split_mb, "split size in MiB (the unit of work)")
      ->check(CLI::Range(1, 4095))
      ->capture_default_str();
  job.add_flag("-v,--verbose", verbose, "debug lines from every rank");
  job.add_flag("-q,--quiet", quiet, "errors only");
}

// Inputs, output, record handling, memory and outputs: the same flags on every dedup job.
void add_shared_flags(CLI::App& job, JobOptions& o, SharedFlags& flags, bool& verbose,
                      bool& quiet) {
  add_input_flags(job, o, flags, verbose, quiet);
  job.add_option("-o,--output", o.output, "output directory");
  job.add_option("--shuffle-mb", flags.shuffle_mb, "bytes one rank sends per exchange round, MiB")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  job.add_flag("--write-pairs", o.write_pairs, "write the duplicate pairs to pairs/");
  job.add_flag("--write-deduped", o.write_deduped, "write the deduplicated corpus to deduped/");
  job.add_flag("--write-removed", o.write_removed,
               "write removed/: each removed document, the document kept in its place, and its "
               "original line");
  job.add_option("--tmp-dir", o.tmp_dir,
                 "where compressed inputs' re-read records are spilled (default OUTPUT/_tmp; "
                 "node-local scratch is faster)");
  job.add_flag("--overwrite", o.overwrite,
               "replace neardup's outputs (and checkpoints) in a non-empty output directory");
  job.add_option("--resume", o.resume,
                 "continue the interrupted run that writes to DIR (same flags and inputs; any "
                 "rank count): finished splits and stages are not redone")
      ->type_name("DIR");
  job.add_option("--reference", o.reference,
                 "an earlier corpus: its index (neardup index build, same method and sketch "
                 "flags) or an earlier output with deduped/; documents it has a near-duplicate "
                 "of are removed, naming it")
      ->type_name("PATH");
  job.add_option("--cache", o.cache_dir,
                 "keep every split's sketch in DIR and reuse those of unchanged inputs (keyed by "
                 "path, size, mtime, content fingerprint and the sketch parameters)")
      ->type_name("DIR");
  job.add_option("--progress", o.progress_seconds,
                 "seconds between progress lines (percent, MB/s, time left); 0 for none")
      ->capture_default_str();
  job.add_flag("!--no-report", o.write_report,
               "do not write OUTPUT/report.html (the page of counts, charts and samples)");
  job.add_flag("!--no-checkpoint", o.checkpoint,
               "keep no checkpoints in OUTPUT/_checkpoint (a killed run then starts over)");
}

// The text of minhash flags that become enums, with their defaults.
struct MinhashFlags {
  std::string shingle = "word";
  std::string verify = verify_mode_name(MinhashOptions{}.verify);
  std::string signature = "minhash";
  std::string kernel = "auto";

  // Stores the converted values into `o`.
  void apply(MinhashOptions& o) const {
    o.document.shingle.kind = shingle == "char" ? ShingleKind::kChar : ShingleKind::kWord;
    o.verify = verify_mode_named(verify);
    o.signature = signature == "oph" ? SignatureKind::kOph : SignatureKind::kMinhash;
    o.kernel = kernel == "scalar"   ? MinhashKernel::kScalar
               : kernel == "avx2"   ? MinhashKernel::kAvx2
               : kernel == "avx512" ? MinhashKernel::kAvx512
                                    : best_minhash_kernel();
  }
};

// Shingling, signatures, banding and verification: the flags of `minhash` and `explain`.
void add_minhash_flags(CLI::App& command, MinhashOptions& o, MinhashFlags& flags) {
  command.add_option("--shingle", flags.shingle, "shingle kind: word or char")
      ->check(CLI::IsMember({"word", "char"}))
      ->capture_default_str();
  command.add_option("--ngram", o.document.shingle.n, "shingle length in words or characters")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  command.add_option("--seed", o.seed, "seed of the MinHash family")->capture_default_str();
  add_lsh_flags(command, o.threshold, o.num_perm, o.bands, o.rows, o.fp_weight, o.fn_weight,
                o.pass_at_threshold);
  command
      .add_option("--verify", flags.verify,
                  "candidate check: exact (Jaccard of the shingle sets: no false removal) or "
                  "estimate (share of equal signature entries: faster, errs both ways near "
                  "the threshold; see neardup params)")
      ->check(CLI::IsMember({"estimate", "exact"}))
      ->capture_default_str();
  command
      .add_option("--max-bucket", o.max_bucket,
                  "buckets up to this size give all pairs; larger ones a star and chain")
      ->check(CLI::Range(2, 1 << 20))
      ->capture_default_str();
  command
      .add_option("--sketch", flags.signature,
                  "signatures: minhash (one hash per permutation) or oph (one permutation "
                  "hashing with optimal densification: one hash per shingle, faster)")
      ->check(CLI::IsMember({"minhash", "oph"}))
      ->capture_default_str();
  command
      .add_option("--kernel", flags.kernel,
                  "MinHash kernel: auto (the fastest this CPU has), scalar, avx2 or avx512; "
                  "all give the same signatures")
      ->check(CLI::IsMember({"auto", "scalar", "avx2", "avx512"}))
      ->capture_default_str();
}

// The flags of `index build` and `index add`.
void add_index_flags(CLI::App& command, IndexBuildOptions& o, SharedFlags& flags, bool& verbose,
                     bool& quiet, std::string& features, std::string& weight,
                     std::string& shingle) {
  add_input_flags(command, o, flags, verbose, quiet);
  command.add_option("-o,--output,--index", o.output, "the index directory")->required();
  if (o.add) return;
  command.add_flag("--overwrite", o.overwrite, "replace an index already at --index");
  command.add_option("--method", o.method, "simhash or minhash")
      ->check(CLI::IsMember({"simhash", "minhash"}))
      ->capture_default_str();
  command.add_option("--features", features, "simhash: tokens, shingles or char")
      ->check(CLI::IsMember({"tokens", "shingles", "char"}))
      ->capture_default_str();
  command.add_option("--weight", weight, "simhash: tf, binary or logtf")
      ->check(CLI::IsMember({"tf", "binary", "logtf"}))
      ->capture_default_str();
  command.add_option("-k,--max-distance", o.max_distance, "simhash: matches within k bits")
      ->check(CLI::Range(0u, 63u))
      ->capture_default_str();
  command.add_option("--blocks", o.blocks, "simhash: fingerprint blocks m (default k + 3)");
  command.add_option("--shingle", shingle, "minhash: shingle kind, word or char")
      ->check(CLI::IsMember({"word", "char"}))
      ->capture_default_str();
  command
      .add_option("--ngram", o.document.shingle.n,
                  "minhash (and the stored sets of --store-shingles): shingle length")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  command.add_option("--num-perm", o.num_perm, "minhash: signature length")
      ->check(CLI::Range(1u, 4096u))
      ->capture_default_str();
  command.add_option("--seed", o.seed, "minhash: seed of the MinHash family")
      ->capture_default_str();
  command
      .add_option("-t,--threshold", o.threshold,
                  "minhash (and --store-shingles): Jaccard similarity of a match")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  command.add_option("--bands", o.bands, "minhash: LSH bands (with --rows)");
  command.add_option("--rows", o.rows, "minhash: LSH rows per band (with --bands)");
  command.add_flag("--store-shingles", o.store_shingles,
                   "keep each document's shingle set (8 bytes per distinct shingle) so query "
                   "and --reference decide matches by exact Jaccard >= --threshold");
}

SimhashFeatures features_named(const std::string& name) {
  return name == "shingles" ? SimhashFeatures::kShingles
         : name == "char"   ? SimhashFeatures::kChars
                            : SimhashFeatures::kTokens;
}

SimhashWeight weight_named(const std::string& name) {
  return name == "binary"  ? SimhashWeight::kBinary
         : name == "logtf" ? SimhashWeight::kLogTf
                           : SimhashWeight::kTf;
}

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

}  // namespace

int run_command_line(MPI_Comm comm, int argc, char** argv) {
  const int rank = comm_rank(comm);
  CLI::App app{"neardup: near-duplicate documents in corpora too big for one machine"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("neardup ") + kNeardupVersion);
  bool verbose = false;
  bool quiet = false;

  MinhashOptions mh;
  SharedFlags mh_flags(mh);
  MinhashFlags mh_text;
  CLI::App* minhash = app.add_subcommand("minhash", "MinHash-LSH near-duplicate job (MPI)");
  add_shared_flags(*minhash, mh, mh_flags, verbose, quiet);
  add_minhash_flags(*minhash, mh, mh_text);

  MinhashOptions why;
  SharedFlags why_flags(why);
  MinhashFlags why_text;
  std::vector<std::string> why_ids;
  CLI::App* explain = app.add_subcommand(
      "explain",
      "why two documents are or are not near-duplicates under the minhash flags given: "
      "shingles, exact and estimated Jaccard, colliding bands, SimHash distance, verdict");
  add_input_flags(*explain, why, why_flags, verbose, quiet);
  add_minhash_flags(*explain, why, why_text);
  std::string why_run;
  explain->get_option("--input")->required(false);
  explain
      ->add_option("--run", why_run,
                   "take the inputs and flags from the minhash run that wrote DIR (its "
                   "stats.json) instead of -i and flags")
      ->type_name("DIR")
      ->excludes("--input");
  explain->add_option("--id", why_ids, "a document: its id field, or path:line (give --id twice)")
      ->required()
      ->expected(2);

  SimhashOptions sh;
  SharedFlags sh_flags(sh);
  std::string features = "tokens";
  std::string weight = "tf";
  CLI::App* simhash = app.add_subcommand(
      "simhash", "SimHash near-duplicate job: fingerprints within k bits, permuted tables (MPI)");
  add_shared_flags(*simhash, sh, sh_flags, verbose, quiet);
  simhash->add_option("--features", features, "SimHash features: tokens, shingles or char")
      ->check(CLI::IsMember({"tokens", "shingles", "char"}))
      ->capture_default_str();
  simhash->add_option("--weight", weight, "feature weight: tf, binary or logtf (1 + ln tf)")
      ->check(CLI::IsMember({"tf", "binary", "logtf"}))
      ->capture_default_str();
  simhash->add_option("--ngram", sh.simhash.shingle_n, "words per shingle (--features shingles)")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  simhash->add_option("--char-ngram", sh.simhash.char_n, "bytes per feature (--features char)")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  simhash
      ->add_option("-k,--max-distance", sh.max_distance,
                   "pairs differ in at most this many of the 64 bits (inclusive)")
      ->check(CLI::Range(0u, 63u))
      ->capture_default_str();
  simhash->add_option("--blocks", sh.blocks,
                      "fingerprint blocks m (default k + 3: C(m, k) tables, 20 for k = 3)");
  std::string simhash_verify = verify_mode_name(sh.verify);
  simhash
      ->add_option("--verify", simhash_verify,
                   "exact: a pair within k bits is a duplicate only when the exact Jaccard of "
                   "its shingle sets is >= --threshold (as minhash decides); none: every pair "
                   "within k bits (fast, but boilerplate and templates chain clusters)")
      ->check(CLI::IsMember({"exact", "none"}))
      ->capture_default_str();
  simhash->add_option("-t,--threshold", sh.threshold, "--verify exact: Jaccard of a duplicate")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  simhash
      ->add_option("--verify-ngram", sh.document.shingle.n,
                   "--verify exact: words per shingle of the Jaccard check")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  simhash
      ->add_option("--max-bucket", sh.limits.max_run,
                   "documents sharing one fingerprint: up to this many give all pairs, more a "
                   "star")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  simhash
      ->add_option("--max-group", sh.limits.max_group,
                   "distinct fingerprints per table group compared all-pairs; larger groups are "
                   "compared within a window and reported")
      ->check(CLI::Range(2, 1 << 24))
      ->capture_default_str();

  ExactOptions ex;
  SharedFlags ex_flags(ex);
  CLI::App* exact = app.add_subcommand(
      "exact", "exact duplicates by the XXH3-128 digest of the canonical tokens (MPI)");
  add_shared_flags(*exact, ex, ex_flags, verbose, quiet);
  exact->add_flag("--normalize,!--raw", ex.normalize,
                  "digest the canonical token stream (lowercased words; default), or with --raw "
                  "the text byte for byte");

  IndexBuildOptions build;
  SharedFlags build_flags(build);
  IndexBuildOptions add;
  add.add = true;
  SharedFlags add_flags(add);
  std::string index_features = "tokens", index_weight = "tf", index_shingle = "word";
  CLI::App* index = app.add_subcommand("index", "a persistent near-duplicate index (MPI)");
  index->require_subcommand(1);
  CLI::App* index_build = index->add_subcommand("build", "build an index from inputs");
  add_index_flags(*index_build, build, build_flags, verbose, quiet, index_features, index_weight,
                  index_shingle);
  CLI::App* index_add =
      index->add_subcommand("add", "add a batch of inputs to an index (its parameters are kept)");
  add_index_flags(*index_add, add, add_flags, verbose, quiet, index_features, index_weight,
                  index_shingle);

  QueryOptions query;
  CLI::App* query_cmd = app.add_subcommand(
      "query", "near-duplicates in an index of each document read (one process; JSON Lines out)");
  query_cmd->add_option("--index", query.index, "the index directory")->required();
  query_cmd->add_option("-i,--input", query.inputs,
                        "JSON Lines files of queries (.gz/.zst too); default: standard input");
  query_cmd->add_option("--text-field", query.text_field, "text field (default: the index's)");
  query_cmd->add_option("--id-field", query.id_field, "id field (default: the index's)");
  query_cmd->add_option("--dedup-list", query.dedup_list,
                        "each line is a ranked result list: keep its first N results that are "
                        "not near-duplicates of better-ranked ones");
  query_cmd
      ->add_option("--results-field", query.results_field,
                   "--dedup-list: the array of results in each line")
      ->capture_default_str();
  query_cmd->add_flag("-v,--verbose", verbose, "latency figures on standard error");

  ParamsOptions params;
  CLI::App* params_cmd = app.add_subcommand("params", "show the LSH bands x rows for a threshold");
  add_lsh_flags(*params_cmd, params.threshold, params.num_perm, params.bands, params.rows,
                params.fp_weight, params.fn_weight, params.pass_at_threshold);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank == 0) app.exit(e);  // prints the help, or the error and a hint
    return e.get_exit_code() == 0 ? 0 : 2;
  }
  configure_log(rank, quiet     ? Verbosity::kQuiet
                      : verbose ? Verbosity::kVerbose
                                : Verbosity::kNormal);

  if (params_cmd->parsed()) {
    if ((params.bands == 0) != (params.rows == 0) ||
        (params.bands != 0 && params.bands * params.rows > params.num_perm)) {
      if (rank == 0)
        std::cerr << "error: --bands and --rows go together, with b x r <= --num-perm\n";
      return 2;
    }
    if (rank == 0) std::cout << params_report(params);
    return 0;
  }

  install_stop_handlers();
  try {
    if (minhash->parsed()) {
      mh_flags.apply(mh);
      mh_text.apply(mh);
      run_minhash(comm, mh);
    } else if (explain->parsed()) {
      why_flags.apply(why);
      why_text.apply(why);
      if (rank != 0) return 0;
      if (!why_run.empty()) why = options_of_run(why_run);
      const std::string invalid = validate_explain(why);
      if (!invalid.empty()) throw JobError(invalid);
      const PairExplanation e = explain_pair(why, why_ids[0], why_ids[1]);
      std::cout << explanation_text(e, why);
    } else if (simhash->parsed()) {
      sh_flags.apply(sh);
      sh.simhash.features = features_named(features);
      sh.simhash.weight = weight_named(weight);
      sh.verify = verify_mode_named(simhash_verify);
      run_simhash(comm, sh);
    } else if (index_build->parsed() || index_add->parsed()) {
      IndexBuildOptions& o = index_build->parsed() ? build : add;
      (index_build->parsed() ? build_flags : add_flags).apply(o);
      o.simhash.features = features_named(index_features);
      o.simhash.weight = weight_named(index_weight);
      o.document.shingle.kind = index_shingle == "char" ? ShingleKind::kChar : ShingleKind::kWord;
      const IndexBuildSummary s = run_index_build(comm, o);
      if (rank == 0) print_index_summary(s, o.add, comm_size(comm));
    } else if (query_cmd->parsed()) {
      if (rank != 0) return 0;
      try {
        const QueryCounts counts = run_query_command(query, std::cout);
        if (verbose) {
          std::fprintf(stderr,
                       "RESULT job=query lines=%llu answered=%llu errors=%llu seconds=%.3f "
                       "queries_per_s=%.0f p50_us=%.1f p99_us=%.1f\n",
                       static_cast<unsigned long long>(counts.lines),
                       static_cast<unsigned long long>(counts.answered),
                       static_cast<unsigned long long>(counts.errors), counts.seconds,
                       counts.seconds > 0 ? counts.lines / counts.seconds : 0.0,
                       counts.p50_microseconds, counts.p99_microseconds);
        }
      } catch (const IoError& e) {
        log_error(e.what());
        return 1;
      }
    } else if (exact->parsed()) {
      ex_flags.apply(ex);
      run_exact(comm, ex);
    }
  } catch (const JobError& e) {
    if (rank == 0) log_error(e.what());
    return 1;
  } catch (const JobInterrupted& e) {
    if (rank == 0) {
      log_error(std::string(e.what()) +
                ": finished splits and stages are checkpointed; continue "
                "with the same command and --resume OUTPUT (exit code " +
                std::to_string(kExitInterrupted) + ")");
    }
    return kExitInterrupted;
  }
  return 0;
}

}  // namespace neardup
