// What a minhash run is told beyond the shared flags: shingling, sketch, banding, verification.
#pragma once

#include <cstdint>
#include <string>

#include "core/lsh_params.hpp"
#include "core/minhash_kernels.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/options/verify_mode.hpp"

namespace neardup {

/// How signatures are computed: classic MinHash (one hash per permutation and shingle) or one
/// permutation hashing with optimal densification (one hash per shingle).
enum class SignatureKind { kMinhash, kOph };

/// "minhash" or "oph".
const char* signature_kind_name(SignatureKind kind);

/// The flags of `neardup minhash`, with their defaults (shingling is in document.shingle).
struct MinhashOptions : JobOptions {
  unsigned num_perm = 128;
  std::uint64_t seed = 1;
  double threshold = 0.8;
  unsigned bands = 0;  // 0: chosen from the threshold
  unsigned rows = 0;
  double fp_weight = 0.01;
  double fn_weight = 0.99;
  double pass_at_threshold =
      kDefaultPassAtThreshold;                   // estimate verification: see min_agreeing_entries
  VerifyMode verify = VerifyMode::kExact;        // the estimate only on request
  std::size_t max_bucket = 200;                  // buckets up to this size give all pairs
  MinhashKernel kernel = best_minhash_kernel();  // same signatures on every kernel
  SignatureKind signature = SignatureKind::kMinhash;
};

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const MinhashOptions& options);

/// One paragraph stating the estimate verification's precision/recall trade at `threshold`
/// with cut `min_agree` of `num_perm` (estimate_trade), for params and report.html.
std::string estimate_trade_text(double threshold, unsigned num_perm, unsigned min_agree);

}  // namespace neardup
