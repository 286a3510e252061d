// The LSH flags minhash, explain, params and index build share.
#include "jobs/options/lsh_options.hpp"

#include <cstdint>

namespace neardup {

std::string validate_lsh_options(const LshOptions& o) {
  if (std::string problem = bounds_problem(o, describe_lsh_options); !problem.empty()) {
    return problem;
  }
  if ((o.bands == 0) != (o.rows == 0)) return "--bands and --rows go together";
  if (o.bands != 0 && static_cast<std::uint64_t>(o.bands) * o.rows > o.num_perm) {
    return "--bands x --rows must not exceed --num-perm";
  }
  if (o.fp_weight + o.fn_weight <= 0) return "--fp-weight and --fn-weight must not both be 0";
  return "";
}

BandLayout band_layout_of(const LshOptions& options) {
  return options.bands != 0 ? BandLayout{options.bands, options.rows}
                            : choose_band_layout(options.threshold, options.num_perm,
                                                 options.fp_weight, options.fn_weight);
}

}  // namespace neardup
