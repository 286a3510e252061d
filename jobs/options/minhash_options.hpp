// What a minhash run is told beyond the shared flags: shingling, sketch, banding, verification.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/lsh/lsh_params.hpp"
#include "core/sketch/minhash_kernels.hpp"
#include "jobs/options/job_options.hpp"
#include "jobs/options/lsh_options.hpp"
#include "jobs/options/option_choices.hpp"
#include "jobs/options/sketch_options.hpp"
#include "jobs/options/verify_mode.hpp"

namespace neardup {

/// How signatures are computed: classic MinHash (one hash per permutation and shingle) or one
/// permutation hashing with optimal densification (one hash per shingle).
enum class SignatureKind { kMinhash, kOph };

/// "minhash" or "oph".
const char* signature_kind_name(SignatureKind kind);

/// The default sketch of minhash runs and MinHash indexes: OPH, whose candidate recall is
/// within 0.2 percentage points of classic MinHash's at t = 0.5, 0.8 and 0.9 on every measured
/// corpus and whose sketch stage is faster (docs/performance.md).
inline constexpr SignatureKind kDefaultSignature = SignatureKind::kOph;

/// Lists --sketch, the signature kind in `o.signature`, for visitor `v` (minhash runs and
/// MinHash indexes share it; `scope` is where the flag counts).
template <class V, class O>
void describe_sketch_option(V& v, O& o, ParameterScope scope) {
  v.choice({"--sketch", "sketch", scope,
            "signatures: oph (the default: one permutation hashing with optimal densification, "
            "one hash per shingle) or minhash (classic: one hash per permutation and shingle)"},
           o.signature,
           std::span<const Choice<SignatureKind>>(
               choices({SignatureKind::kOph, SignatureKind::kMinhash}, signature_kind_name)));
}

/// Lists --seed, the MinHash family's seed in `o.seed`, for visitor `v` (minhash runs and
/// MinHash indexes share it; `scope` is where the flag counts).
template <class V, class O>
void describe_seed_option(V& v, O& o, ParameterScope scope) {
  v.value({"--seed", "seed", scope, "seed of the MinHash family"}, o.seed);
}

/// The flags of `neardup minhash` (and explain), with their defaults (shingling is in
/// document.shingle).
struct MinhashOptions : JobOptions, LshOptions {
  std::uint64_t seed = 1;
  VerifyMode verify = VerifyMode::kExact;        // the estimate only on request
  std::size_t max_bucket = 200;                  // buckets up to this size give all pairs
  MinhashKernel kernel = best_minhash_kernel();  // same signatures on every kernel
  SignatureKind signature = kDefaultSignature;
};

/// Lists minhash's own flags (shingling, sketch, LSH, verification) for visitor `v`.
inline constexpr struct DescribeMinhashOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    using enum ParameterScope;
    describe_tokenizer_option(v, o);
    describe_shingle_options(v, o.document.shingle, kSketch);
    v.number({"--shingle-sample", "shingle_sample", kSketch,
              "keep only the shingles whose hash is 0 mod M (Broder's sampling; 1 = all): about "
              "1/M of the shingles to sketch, sort and compare, and a noisier similarity "
              "(docs/performance.md); a document with none kept keeps all"},
             o.document.shingle.sample, {1u, 1u << 16});
    describe_sketch_option(v, o, kSketch);
    describe_seed_option(v, o, kSketch);
    describe_lsh_options(v, o);
    v.choice({"--verify", "verify", kResult,
              "candidate check: exact (Jaccard of the shingle sets: no false removal) or estimate "
              "(share of equal signature entries: faster, errs both ways near the threshold; see "
              "neardup params)"},
             o.verify,
             std::span<const Choice<VerifyMode>>(
                 choices({VerifyMode::kEstimate, VerifyMode::kExact}, verify_mode_name)));
    v.number({"--max-bucket", "max_bucket", kResult,
              "buckets up to this size give all pairs; larger ones a star and chain"},
             o.max_bucket, {std::size_t{2}, std::size_t{1} << 20});
    v.choice({"--kernel", "kernel", kNone,
              "MinHash and ASCII tokenizer kernels: auto (the fastest this CPU has), scalar, avx2 "
              "or avx512; all give the same tokens and signatures"},
             o.kernel, std::span<const Choice<MinhashKernel>>(minhash_kernel_choices()));
  }
} describe_minhash_options;

/// Returns a description of the first invalid option, or "" when all are valid.
std::string validate(const MinhashOptions& options);

/// One paragraph stating the estimate verification's precision/recall trade at `threshold`
/// with cut `min_agree` of `num_perm` (estimate_trade), for params and report.html.
std::string estimate_trade_text(double threshold, unsigned num_perm, unsigned min_agree);

}  // namespace neardup
