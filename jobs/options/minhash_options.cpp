// What a minhash run is told beyond the shared flags: shingling, sketch, banding, verification.
#include "jobs/options/minhash_options.hpp"

#include <cstdio>

namespace neardup {

const char* signature_kind_name(SignatureKind kind) {
  return kind == SignatureKind::kOph ? "oph" : "minhash";
}

std::string validate(const MinhashOptions& o) {
  if (std::string shared = validate_job_options(o); !shared.empty()) return shared;
  if (std::string problem = bounds_problem(o, describe_minhash_options); !problem.empty()) {
    return problem;
  }
  if (std::string problem = validate_lsh_options(o); !problem.empty()) return problem;
  if (!minhash_kernel_supported(o.kernel)) {
    return std::string("--kernel ") + minhash_kernel_name(o.kernel) +
           ": this CPU does not support it";
  }
  if (o.verify == VerifyMode::kNone) return "--verify must be exact or estimate";
  if (o.document.shingle.sample > 1 && !o.reference.empty()) {
    return "--shingle-sample with --reference: a reference index holds every shingle, and "
           "sampled documents would be judged against full sets; drop one of the two";
  }
  return "";
}

std::string estimate_trade_text(double threshold, unsigned num_perm, unsigned min_agree) {
  const EstimateTrade t = estimate_trade(threshold, num_perm, min_agree);
  char text[768];
  std::snprintf(text, sizeof text,
                "what the estimate costs (binomial model): a pair at J = %.2f / %.2f is "
                "wrongly kept as a duplicate with p = %.3f / %.3f, one at J = %.2f / %.2f is "
                "missed with p = %.3f / %.3f; for candidate pairs spread evenly over J in "
                "[%.2f, %.2f], precision %.3f and recall %.3f (exact: 1 and 1)",
                threshold - 0.1, threshold - 0.05, t.pass_below[0], t.pass_below[1],
                threshold + 0.05, threshold + 0.1, t.miss_above[0], t.miss_above[1], t.window_low,
                t.window_high, t.precision, t.recall);
  return text;
}

}  // namespace neardup
