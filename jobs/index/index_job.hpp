// `neardup index build` and `neardup index add`: sketch inputs on every rank and write one
// index segment per rank, then commit the index metadata on rank 0.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>

#include "core/lsh_params.hpp"
#include "core/simhash.hpp"
#include "jobs/options/job_options.hpp"

namespace neardup {

/// The flags of `neardup index build` / `add` (output = the index directory).
struct IndexBuildOptions : JobOptions {
  bool add = false;  // add a batch to an existing index (its parameters are kept)
  std::string method = "simhash";
  SimhashSpec simhash;
  unsigned max_distance = 3;
  unsigned blocks = 0;  // 0: max_distance + 3
  unsigned num_perm = 128;
  std::uint64_t seed = 1;
  double threshold = 0.8;
  unsigned bands = 0;  // 0: chosen from the threshold
  unsigned rows = 0;
  double pass_at_threshold = kDefaultPassAtThreshold;
  bool store_shingles = false;  // keep shingle sets so matches are exact Jaccard >= threshold
};

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

/// Collective: builds the index at options.output (which must be absent or empty, unless
/// --overwrite) or adds a batch to it. Every rank writes the segment of its documents; the
/// index changes only when rank 0 commits index.meta, so a failed run leaves the previous
/// index intact. Throws JobError on every rank for errors they agree on.
IndexBuildSummary run_index_build(MPI_Comm comm, const IndexBuildOptions& options);

}  // namespace neardup
