// The exact job: documents with the same 128-bit XXH3 digest of their canonical tokens (or raw
// text) are duplicates.
#pragma once

#include <mpi.h>

#include <string>

#include "jobs/options/job_options.hpp"
#include "jobs/pipeline/job_summary.hpp"

namespace neardup {

/// The flags of `neardup exact`.
struct ExactOptions : JobOptions {
  bool normalize = true;  // digest the canonical token stream; false (--raw): the text as is
};

/// Lists exact's own flag for visitor `v`.
inline constexpr struct DescribeExactOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    describe_tokenizer_option(v, o);
    v.value({"--normalize,!--raw", "normalize", ParameterScope::kSketch,
             "digest the canonical token stream (lowercased words; default), or with --raw the "
             "text byte for byte"},
            o.normalize);
  }
} describe_exact_options;

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const ExactOptions& options);

/// Collective over `comm`: validates the options and runs the exact job on the shared pipeline
/// (see run_dedup_job). Documents whose digests are equal form a cluster; pairs/ holds each
/// duplicate with the first copy (similarity 1), not every pair of copies. Documents without
/// tokens (--normalize) or with empty text (--raw) never match.
JobSummary run_exact(MPI_Comm comm, const ExactOptions& options);

}  // namespace neardup
