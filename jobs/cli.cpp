// The command line: `neardup minhash` and `neardup params`, parsed with CLI11.
#include "jobs/cli.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <map>

#include "io/io_error.hpp"
#include "jobs/log.hpp"
#include "jobs/minhash_job.hpp"
#include "jobs/mpi_check.hpp"
#include "jobs/params_command.hpp"

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

}  // namespace

int run_command_line(MPI_Comm comm, int argc, char** argv) {
  const int rank = comm_rank(comm);
  CLI::App app{"neardup: near-duplicate documents in corpora too big for one machine"};
  app.require_subcommand(1);
  bool verbose = false;
  bool quiet = false;

  MinhashOptions mh;
  std::uint64_t split_mb = mh.split_bytes >> 20;
  std::uint64_t shuffle_mb = mh.shuffle_bytes >> 20;
  std::string shingle = "word";
  std::string verify = "estimate";
  std::string format = "auto";
  std::uint64_t max_doc_mb = mh.max_doc_bytes >> 20;
  CLI::App* minhash = app.add_subcommand("minhash", "MinHash-LSH near-duplicate job (MPI)");
  minhash
      ->add_option("-i,--input", mh.inputs,
                   "input files, directories, globs or @LIST (a file naming one input per line)")
      ->required();
  minhash
      ->add_option("--format", format,
                   "input format: auto (by extension: .jsonl/.json/.ndjson, with .gz or .zst), "
                   "jsonl, jsonl.gz, jsonl.zst, or text (one document per file)")
      ->check(CLI::IsMember({"auto", "jsonl", "jsonl.gz", "jsonl.zst", "text"}))
      ->capture_default_str();
  minhash
      ->add_option("--max-doc-mb", max_doc_mb,
                   "longer documents are skipped (counted as doc_too_large), never truncated")
      ->check(CLI::Range(1, 4095))
      ->capture_default_str();
  minhash->add_flag("--strict", mh.strict,
                    "any skipped line is a fatal error naming its file and line");
  minhash->add_option("-o,--output", mh.output, "output directory")->required();
  minhash
      ->add_option("--text-field", mh.document.text_field,
                   "JSON field holding the text (dotted path)")
      ->capture_default_str();
  minhash
      ->add_option("--id-field", mh.document.id_field,
                   "JSON field holding the id (dotted path; absent: path:line)")
      ->capture_default_str();
  minhash->add_option("--shingle", shingle, "shingle kind: word or char")
      ->check(CLI::IsMember({"word", "char"}))
      ->capture_default_str();
  minhash->add_option("--ngram", mh.document.shingle.n, "shingle length in words or characters")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  minhash->add_option("--seed", mh.seed, "seed of the MinHash family")->capture_default_str();
  add_lsh_flags(*minhash, mh.threshold, mh.num_perm, mh.bands, mh.rows, mh.fp_weight, mh.fn_weight,
                mh.pass_at_threshold);
  minhash
      ->add_option("--verify", verify,
                   "candidate check: estimate (signatures) or exact (shingle sets)")
      ->check(CLI::IsMember({"estimate", "exact"}))
      ->capture_default_str();
  minhash->add_option("--split-mb", split_mb, "split size in MiB (the unit of work)")
      ->check(CLI::Range(1, 4095))
      ->capture_default_str();
  minhash->add_option("--shuffle-mb", shuffle_mb, "bytes one rank sends per exchange round, MiB")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  minhash
      ->add_option("--max-bucket", mh.max_bucket,
                   "buckets up to this size give all pairs; larger ones a star and chain")
      ->check(CLI::Range(2, 1 << 20))
      ->capture_default_str();
  minhash->add_flag("--write-pairs", mh.write_pairs, "write verified pairs to pairs/");
  minhash->add_flag("--write-deduped", mh.write_deduped,
                    "write the deduplicated corpus to deduped/");
  minhash->add_flag("--write-removed", mh.write_removed,
                    "write removed/: each removed document, the document kept in its place, "
                    "and its original line");
  minhash->add_option("--tmp-dir", mh.tmp_dir,
                      "where compressed inputs' re-read records are spilled (default OUTPUT/_tmp; "
                      "node-local scratch is faster)");
  minhash->add_flag("--overwrite", mh.overwrite,
                    "replace neardup's outputs in a non-empty output directory");
  minhash->add_flag("-v,--verbose", verbose, "debug lines from every rank");
  minhash->add_flag("-q,--quiet", quiet, "errors only");

  ParamsOptions params;
  CLI::App* params_cmd = app.add_subcommand("params", "show the LSH bands x rows for a threshold");
  add_lsh_flags(*params_cmd, params.threshold, params.num_perm, params.bands, params.rows,
                params.fp_weight, params.fn_weight, params.pass_at_threshold);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank == 0) return app.exit(e);
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

  mh.document.shingle.kind = shingle == "char" ? ShingleKind::kChar : ShingleKind::kWord;
  mh.verify = verify == "exact" ? VerifyMode::kExact : VerifyMode::kEstimate;
  mh.split_bytes = split_mb << 20;
  mh.max_doc_bytes = max_doc_mb << 20;
  mh.format = parse_input_format(format);
  mh.shuffle_bytes = shuffle_mb << 20;
  try {
    run_minhash(comm, mh);
  } catch (const JobError& e) {
    if (rank == 0) log_error(e.what());
    return 1;
  }
  return 0;
}

}  // namespace neardup
