// The simhash job: 64-bit Charikar fingerprints, pairs within k bits by permuted tables.
#pragma once

#include <mpi.h>

#include <span>
#include <string>

#include "core/sketch/simhash.hpp"
#include "core/tables/permuted_tables.hpp"
#include "jobs/methods/hamming_search.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/options/option_choices.hpp"
#include "jobs/options/sketch_options.hpp"
#include "jobs/options/verify_mode.hpp"
#include "jobs/pipeline/job_summary.hpp"

namespace neardup {

/// The flags of `neardup simhash`.
struct SimhashOptions : JobOptions {
  SimhashSpec simhash;
  /// exact: a pair within k bits is a duplicate only when the exact Jaccard of its shingle sets
  /// (document.shingle, word 5-grams by default) is >= threshold, the rule minhash uses;
  /// none: every pair within k bits is (Manku et al.'s definition).
  VerifyMode verify = VerifyMode::kExact;
  double threshold = 0.8;
  unsigned max_distance = 3;  // k: pairs within this many bits (inclusive)
  unsigned blocks = 0;        // m: fingerprint blocks; 0 = k + 3 (20 tables for k = 3)
  HammingSearchLimits limits;
};

/// Lists simhash's own flags (features, k, blocks, verification, limits) for visitor `v`.
inline constexpr struct DescribeSimhashOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    describe_tokenizer_option(v, o);
    describe_simhash_features(v, o.simhash, kSketch);
    describe_table_design(v, o, kResult);
    v.choice({"--verify", "verify", kResult,
              "exact: a pair within k bits is a duplicate only when the exact Jaccard of its "
              "shingle sets is >= --threshold (as minhash decides); none: every pair within k "
              "bits (fast, but boilerplate and templates chain clusters)"},
             o.verify,
             std::span<const Choice<VerifyMode>>(
                 choices({VerifyMode::kExact, VerifyMode::kNone}, verify_mode_name)));
    v.number({"-t,--threshold", "threshold", kResult, "--verify exact: Jaccard of a duplicate"},
             o.threshold, {0.0, 1.0, true});
    v.number({"--verify-ngram", "verify_ngram", kResult,
              "--verify exact: words per shingle of the Jaccard check"},
             o.document.shingle.n, {1u, 1000u});
    v.number({"--max-bucket", "max_run", kResult,
              "documents sharing one fingerprint: up to this many give all pairs, more a star"},
             o.limits.max_run, {std::size_t{1}, std::size_t{1} << 20});
    v.number({"--max-group", "max_group", kResult,
              "distinct fingerprints per table group compared all-pairs; larger groups are "
              "compared within a window and reported"},
             o.limits.max_group, {std::size_t{2}, std::size_t{1} << 24});
  }
} describe_simhash_options;

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const SimhashOptions& options);

/// Collective over `comm`: validates the options and runs the simhash job on the shared
/// pipeline (see run_dedup_job). Candidates are documents whose fingerprints differ in at most
/// k bits (documents without tokens never match); with verify exact the pairs are those whose
/// exact Jaccard is >= threshold, similarity = that Jaccard in pairs/; with none, all
/// candidates, similarity = 1 - distance / 64.
JobSummary run_simhash(MPI_Comm comm, const SimhashOptions& options);

}  // namespace neardup
