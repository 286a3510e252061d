// The flags every job shares: inputs, output, record limits, memory per exchange round, outputs.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/keep/keep_rule.hpp"
#include "io/input/input_filter.hpp"
#include "io/input/input_format.hpp"
#include "io/json/json_writer.hpp"
#include "jobs/options/cluster_rule.hpp"
#include "jobs/options/document_spec.hpp"
#include "jobs/options/option_choices.hpp"
#include "jobs/options/option_list.hpp"

namespace neardup {

/// What every dedup job (minhash, simhash, exact) is told, with the defaults.
struct JobOptions {
  std::vector<std::string> inputs;
  std::optional<InputFormat> format;  // nullopt: by extension
  InputFilter filter;                 // --include / --exclude
  std::string output;
  std::string tmp_dir;  // spill files for compressed inputs; "" = OUTPUT/_tmp
  DocumentSpec document;
  std::uint64_t split_bytes = 64ull << 20;
  std::uint64_t shuffle_bytes = 64ull << 20;
  bool write_pairs = false;
  bool write_deduped = false;
  bool write_removed = false;
  std::string keep = "first";  // which document of a cluster is kept (core/keep/keep_rule.hpp)
  ClusterRule clusters = ClusterRule::kGreedy;
  std::uint32_t group_checkers = 16;          // a large group's first kept members check it
  std::uint64_t max_doc_bytes = 64ull << 20;  // longer records are skipped as doc_too_large
  bool strict = false;                        // any skipped record is a fatal error
  double max_skip_fraction = 0.5;             // more skipped records than this share: fail
  bool overwrite = false;
  std::string resume;            // --resume DIR: continue the interrupted run writing to DIR
  bool break_lock = false;       // take the output's run lock even from a run that looks alive
  std::string reference;         // --reference PATH: an index or earlier output to dedup against
  std::string cache_dir;         // --cache DIR: split sketches reused across runs
  bool write_report = true;      // write OUTPUT/report.html
  bool checkpoint = true;        // keep checkpoints in OUTPUT/_checkpoint while running
  double host_min_share = 0.5;   // hosts/ lists host pairs sharing at least this share
  double progress_seconds = 10;  // rank 0's progress lines; 0 = none
  /// Not a flag: the command line that started the job, as a shell would retype it (set by
  /// the command line parser; shown in report.html).
  std::string command_line;
  /// Not a flag: the directory relative inputs are read from ("" = this process's): explain
  /// --run reads a run's inputs from the run's directory, and names them as the run did.
  std::string working_directory;
};

/// Lists --max-doc-mb for visitor `v`: a longer record is skipped whole as doc_too_large, never
/// truncated and never held in memory (the dedup jobs, the index and `query`).
inline constexpr struct DescribeMaxDocOption {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    v.mebibytes({"--max-doc-mb", "max_doc_bytes", ParameterScope::kSketch,
                 "longer documents are skipped (counted as doc_too_large), never truncated"},
                o.max_doc_bytes, {1, 4095});
  }
} describe_max_doc_option;

/// Lists --include and --exclude for visitor `v`: which files found by walking a directory or
/// matching a glob are read (InputFilter); a file named directly is always read. Every command
/// that reads a corpus, `query` included.
inline constexpr struct DescribeInputFilterOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    v.value({"--include", "include", ParameterScope::kRun,
             "read only the walked or globbed files matching one of these fnmatch patterns "
             "(repeatable; without '/' a pattern matches the file name, with '/' the path below "
             "the walked directory; files named directly are always read; a pattern whose "
             "last part starts with '.' or '_' also reads the hidden files or neardup outputs "
             "it matches, and DIR/... enters a folder DIR passed over by its name)",
             "GLOB"},
            o.filter.include);
    v.value({"--exclude", "exclude", ParameterScope::kRun,
             "leave out the walked or globbed files matching one of these patterns (repeatable; "
             "as --include, and wins over it), e.g. --exclude '*.png' --exclude 'old/*'",
             "GLOB"},
            o.filter.exclude);
  }
} describe_input_filter_options;

/// Lists --format for visitor `v`: how the input files are read. Every command that reads a
/// corpus, `query` included.
inline constexpr struct DescribeFormatOption {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    v.choice({"--format", "format", ParameterScope::kSketch,
              "input format: auto (by extension, any letter case: .jsonl/.json/.ndjson, with .gz "
              "or .zst), jsonl, jsonl.gz, jsonl.zst, or text (one document per file, .gz and .zst "
              "files decompressed, files with a NUL byte in their first 8 KiB skipped as "
              "binary_file)"},
             o.format, std::span<const Choice<std::optional<InputFormat>>>(input_format_choices()));
  }
} describe_format_option;

/// Lists --keep-field for visitor `v`: the fields of each query record that `query` copies
/// into its answer, so that a caller can join answers to what it sent.
inline constexpr struct DescribeKeepFieldOption {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    v.value({"--keep-field", "keep_fields", ParameterScope::kNone,
             "a field of each query line (dotted path) copied as written into its answer's "
             "\"fields\" object (repeatable; a field the line lacks is left out)",
             "NAME"},
            o.keep_fields);
  }
} describe_keep_field_option;

/// Lists the flags of every command that reads a corpus for visitor `v` (option_list.hpp).
inline constexpr struct DescribeInputOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    v.value({"-i,--input", "inputs", kRun,
             "input files, directories, globs or @LIST (a file naming one input per line)"},
            o.inputs);
    describe_format_option(v, o);
    describe_input_filter_options(v, o);
    v.value({"--text-field", "text_field", kSketch, "JSON field holding the text (dotted path)"},
            o.document.text_field);
    v.value({"--id-field", "id_field", kSketch,
             "JSON field holding the id (dotted path; absent: path:line)"},
            o.document.id_field);
    describe_max_doc_option(v, o);
    v.value({"--strict", "strict", kResult,
             "any skipped line is a fatal error naming its file and line"},
            o.strict);
    v.number({"--max-skip-fraction", "max_skip_fraction", kNone,
              "fail (exit 1, no _SUCCESS) when more than this share of the records read are "
              "skipped; checked once the ranks have read 1,000 records and at the end (1: never)"},
             o.max_skip_fraction, {0.0, 1.0});
    v.mebibytes({"--split-mb", "split_bytes", kResult, "split size in MiB (the unit of work)"},
                o.split_bytes, {0, 4095, true});
  }
} describe_input_options;

/// Lists --tokenizer for visitor `v`: how every method (and explain, the index and the report)
/// turns a document's text into tokens. Not an input option: `index add` and `query` take the
/// index's.
inline constexpr struct DescribeTokenizerOption {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    v.choice({"--tokenizer", "tokenizer", ParameterScope::kSketch,
              "unicode: NFKC and case folding, words of letters, marks and digits, each Han, "
              "kana, Thai, Lao, Khmer or Myanmar character a word of its own; ascii: runs of "
              "ASCII letters and digits or bytes >= 0x80, A-Z lowercased (neardup 0.1's tokens; "
              "the same on pure ASCII text)"},
             o.document.tokenizer,
             std::span<const Choice<TokenizerKind>>(tokenizer_kind_choices()));
  }
} describe_tokenizer_option;

/// Lists the flags every MPI job over a corpus has for visitor `v`: its output directory and
/// how it is taken, memory per exchange round, scratch space, progress lines and report.html.
inline constexpr struct DescribeRunOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    v.value({"-o,--output", "output", kRun, "output directory"}, o.output);
    v.mebibytes(
        {"--shuffle-mb", "shuffle_bytes", kRun,
         "bytes one rank sends per exchange round, MiB (spans: also what its search and cut "
         "hold per round, the rest spilled to --tmp-dir)"},
        o.shuffle_bytes, {1, 1024});
    v.value({"--tmp-dir", "tmp_dir", kNone,
             "where compressed inputs' re-read records and what spans's search holds past "
             "--shuffle-mb are spilled (default OUTPUT/_tmp; node-local scratch is faster)"},
            o.tmp_dir);
    v.value({"--overwrite", "overwrite", kNone,
             "replace neardup's outputs (and checkpoints) in a non-empty output directory"},
            o.overwrite);
    v.value({"--break-lock", "break_lock", kNone,
             "take the output directory's run lock (OUTPUT/_LOCK) even when its holder looks "
             "alive: for a run on another host that is known to be gone"},
            o.break_lock);
    v.number({"--progress", "progress_seconds", kNone,
              "seconds between progress lines (percent, MB/s, time left); 0 for none"},
             o.progress_seconds, {0.0, kNoMaximum<double>});
    v.value({"!--no-report", "write_report", kNone,
             "do not write OUTPUT/report.html (the page of counts and samples)"},
            o.write_report);
  }
} describe_run_options;

/// Lists the flags of a job's checkpoints for visitor `v`: --resume and --no-checkpoint.
inline constexpr struct DescribeCheckpointOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    v.value({"--resume", "resume", kNone,
             "continue the interrupted run that writes to DIR (same flags and inputs; any rank "
             "count): finished stages (and the dedup jobs' split sketches) are not redone",
             "DIR"},
            o.resume);
    v.value({"!--no-checkpoint", "checkpoint", kNone,
             "keep no checkpoints in OUTPUT/_checkpoint (a killed run then starts over)"},
            o.checkpoint);
  }
} describe_checkpoint_options;

/// Lists the flags of the dedup jobs' outputs, memory and checkpoints for visitor `v`.
inline constexpr struct DescribeOutputOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    describe_run_options(v, o);
    // Without pairs/ verification skips pairs already joined: the pairs stage's result differs.
    v.value({"--write-pairs", "write_pairs", kResult, "write the duplicate pairs to pairs/"},
            o.write_pairs);
    v.value(
        {"--write-deduped", "write_deduped", kNone, "write the deduplicated corpus to deduped/"},
        o.write_deduped);
    v.value({"--write-removed", "write_removed", kNone,
             "write removed/: each removed document, the document kept in its place, and its "
             "original line; compressed as the inputs are (when they mix, as most of their bytes "
             "are)"},
            o.write_removed);
    v.value({"--keep", "keep", kResult,
             "which document of each cluster is kept: first (in input order), longest or "
             "shortest (text bytes), or field:NAME[:max|min] (the largest, or smallest, JSON "
             "number at the dotted path NAME; documents without one lose); ties go to the first",
             "RULE"},
            o.keep);
    v.choice({"--clusters", "cluster_rule", kResult,
              "greedy: walking documents in --keep order, each one not yet removed is kept and "
              "removes its verified near-duplicates, so every removed document is a "
              "near-duplicate of the document kept in its place; components: the connected "
              "components of the verified pairs, transitive (A ~ B ~ C removes C for A even when "
              "C is unlike A: for family analysis, not for deleting)"},
             o.clusters,
             std::span<const Choice<ClusterRule>>(
                 choices({ClusterRule::kGreedy, ClusterRule::kComponents}, cluster_rule_name)));
    v.number({"--group-checkers", "group_checkers", kResult,
              "greedy clusters: a group of candidates too large to list as pairs (an LSH "
              "bucket or a run of equal fingerprints over --max-bucket) is checked by its first "
              "N kept members in --keep order (each against the group's undecided members); "
              "members kept later check their listed pairs and other groups only. Bounds a "
              "bucket of m look-alikes that are not duplicates (a site template) to N x m "
              "checks; 0: every kept member checks"},
             o.group_checkers, {std::uint32_t{0}, std::uint32_t{1} << 20});
    v.value({"--reference", "reference", kResult,
             "an earlier corpus: its index (neardup index build, same method and sketch flags) or "
             "an earlier output with deduped/; documents it has a near-duplicate of are removed, "
             "naming it",
             "PATH"},
            o.reference);
    v.value({"--cache", "cache_dir", kNone,
             "keep every split's sketch in DIR and reuse those of unchanged inputs (keyed by path, "
             "size, mtime, content fingerprint and the sketch parameters)",
             "DIR"},
            o.cache_dir);
    v.value({"--host-field", "host_field", kSketch,
             "JSON field holding each document's URL (dotted path, e.g. url or meta.url): "
             "hosts/ then lists the near-duplicate host pairs (mirrors); a record without a URL "
             "with a host is still deduplicated",
             "PATH"},
            o.document.host_field);
    v.number({"--host-min-share", "host_min_share", kRun,
              "hosts/ lists a pair of hosts when at least this share of the smaller host's "
              "documents have a near-duplicate on the other"},
             o.host_min_share, {0.0, 1.0, true});
    describe_checkpoint_options(v, o);
  }
} describe_output_options;

/// Both lists: every flag the dedup jobs share.
inline constexpr struct DescribeJobOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    describe_input_options(v, o);
    describe_output_options(v, o);
  }
} describe_job_options;

/// Returns a description of the first invalid shared option, or "" when all are valid.
std::string validate_job_options(const JobOptions& options);

/// --resume DIR names the output directory too: sets it when -o was not given.
void output_from_resume(JobOptions& options);

/// Writes, as members of the JSON object being written, the shared options `scope` covers
/// (the method's own options come from DedupMethod).
void write_job_parameters(JsonWriter& json, const JobOptions& options, ParameterScope scope);

}  // namespace neardup
