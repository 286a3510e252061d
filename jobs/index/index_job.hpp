// `neardup index build` and `neardup index add`: sketch inputs on every rank and write one
// index segment per rank, then commit the index metadata on rank 0.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/lsh/lsh_params.hpp"
#include "core/sketch/simhash.hpp"
#include "jobs/index/index_sketch.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/options/lsh_options.hpp"
#include "jobs/options/minhash_options.hpp"
#include "jobs/options/option_choices.hpp"
#include "jobs/options/option_list.hpp"
#include "jobs/options/sketch_options.hpp"
#include "jobs/options/verify_mode.hpp"

namespace neardup {

/// The flags of `neardup index build` / `add` (output = the index directory).
/// `index add` reads the batch with document.text_field and id_field when they are not empty,
/// else with the fields the index was built with (kept in index.meta, and what query reads).
struct IndexBuildOptions : JobOptions, LshOptions {
  bool add = false;  // add a batch to an existing index (its sketch parameters are kept)
  std::string method = "minhash";
  SimhashSpec simhash;
  unsigned max_distance = 3;
  unsigned blocks = 0;  // 0: max_distance + 3
  std::uint64_t seed = 1;
  SignatureKind signature = kDefaultSignature;
  // exact: store shingle sets so matches are exact Jaccard >= threshold (the jobs' rule);
  // estimate (minhash): the signatures' agreement; none (simhash): within k bits.
  VerifyMode verify = VerifyMode::kExact;
  bool compress = false;  // simhash: compressed permuted tables
};

/// Lists the index directory flags of `index build` and `index add` for visitor `v`.
inline constexpr struct DescribeIndexTarget {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    v.value({"-o,--output,--index", "index", ParameterScope::kNone, "the index directory"},
            o.output);
    v.value({"--break-lock", "break_lock", ParameterScope::kNone,
             "take the index directory's lock (INDEX/_LOCK) even when its holder looks alive: "
             "for a writer on another host that is known to be gone"},
            o.break_lock);
  }
} describe_index_target;

/// Lists the flags of `index build` beyond the inputs and the directory for visitor `v` (an
/// index keeps them in index.meta; `index add` takes the index's).
inline constexpr struct DescribeIndexOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    v.value({"--overwrite", "overwrite", kNone, "replace an index already at --index"},
            o.overwrite);
    v.choice({"--method", "method", kNone, "simhash or minhash"}, o.method,
             std::span<const Choice<std::string>>(
                 std::vector<Choice<std::string>>{{"simhash", "simhash"}, {"minhash", "minhash"}}));
    describe_tokenizer_option(v, o);
    describe_simhash_features(v, o.simhash, kNone);
    describe_table_design(v, o, kNone);
    describe_shingle_options(v, o.document.shingle, kNone);
    describe_seed_option(v, o, kNone);
    describe_sketch_option(v, o, kNone);
    describe_lsh_options(v, o);
    v.choice(
        {"--verify", "verify", kNone,
         "how query and --reference decide a match: exact (the default, as the jobs "
         "decide): exact Jaccard of the shingle sets >= --threshold, stored with the index "
         "(8 bytes per distinct shingle); estimate (minhash): the signatures' agreement; "
         "none (simhash): every fingerprint within k bits, reported as a distance"},
        o.verify,
        std::span<const Choice<VerifyMode>>(choices(
            {VerifyMode::kExact, VerifyMode::kEstimate, VerifyMode::kNone}, verify_mode_name)));
    v.value({"--compress", "compress", kNone,
             "simhash: store the permuted tables compressed (about half the bytes, queries a "
             "little slower)"},
            o.compress);
  }
} describe_index_options;

/// What a build or add did (global counts).
struct IndexBuildSummary {
  std::uint64_t docs_read = 0;
  std::uint64_t docs_indexed = 0;
  std::uint64_t docs_empty = 0;  // no tokens: not indexed (they never match)
  std::uint64_t docs_skipped = 0;
  std::uint64_t index_docs = 0;   // documents in the whole index afterwards
  std::uint64_t index_bytes = 0;  // bytes of all its segment files
  std::uint64_t index_segments = 0;
  std::uint64_t shingle_bytes = 0;  // of the stored shingle sets (files shingles.*)
};

/// The sketch of an index built with the flags `options` (an add keeps its index's).
IndexSketch index_sketch_of(const IndexBuildOptions& options);

/// Collective: builds the index at options.output (which must be absent or empty, unless
/// --overwrite) or adds a batch to it. Every rank writes the segment of its documents; the
/// index changes only when rank 0 commits index.meta, so a failed run leaves the previous
/// index intact. Throws JobError on every rank for errors they agree on.
IndexBuildSummary run_index_build(MPI_Comm comm, const IndexBuildOptions& options);

/// Collective: run_index_build with the sketch given instead of the flags' (an index built for
/// a dedup run's --reference sketches as the run does), for options already validated.
IndexBuildSummary run_index_build(MPI_Comm comm, const IndexBuildOptions& options,
                                  const IndexSketch& sketch);

}  // namespace neardup
