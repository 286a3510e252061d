// The simhash job: 64-bit Charikar fingerprints, pairs within k bits by permuted tables.
#pragma once

#include <mpi.h>

#include <string>

#include "core/permuted_tables.hpp"
#include "core/simhash.hpp"
#include "jobs/methods/hamming_search.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/pipeline/job_summary.hpp"
#include "jobs/stages/verify_stage.hpp"

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

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const SimhashOptions& options);

/// Collective over `comm`: validates the options and runs the simhash job on the shared
/// pipeline (see run_dedup_job). Candidates are documents whose fingerprints differ in at most
/// k bits (documents without tokens never match); with verify exact the pairs are those whose
/// exact Jaccard is >= threshold, similarity = that Jaccard in pairs/; with none, all
/// candidates, similarity = 1 - distance / 64.
JobSummary run_simhash(MPI_Comm comm, const SimhashOptions& options);

}  // namespace neardup
