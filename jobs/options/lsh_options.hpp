// The LSH flags minhash, explain, params and index build share: threshold, signature length,
// bands x rows and how they are chosen, and the estimate verification's cut.
#pragma once

#include <string>

#include "core/lsh/lsh_params.hpp"
#include "jobs/options/option_list.hpp"

namespace neardup {

/// The LSH options, with their defaults.
struct LshOptions {
  double threshold = 0.8;
  unsigned num_perm = 128;
  unsigned bands = 0;  // 0: chosen from the threshold
  unsigned rows = 0;
  double fp_weight = 0.01;
  double fn_weight = 0.99;
  double pass_at_threshold = kDefaultPassAtThreshold;  // estimate: see min_agreeing_entries
};

/// Lists the LSH options for visitor `v` (see option_list.hpp).
inline constexpr struct DescribeLshOptions {
  template <class V, class O>
  void operator()(V& v, O& o) const {
    v.number({"-t,--threshold", "threshold", ParameterScope::kResult,
              "Jaccard similarity at which documents are duplicates"},
             o.threshold, {0.0, 1.0, true});
    v.number({"--num-perm", "num_perm", ParameterScope::kSketch, "MinHash signature length P"},
             o.num_perm, {1u, 4096u});
    v.number({"--bands", "bands", ParameterScope::kResult,
              "LSH bands b (with --rows; default: chosen from --threshold)"},
             o.bands, {0u, 4096u});
    v.number({"--rows", "rows", ParameterScope::kResult, "LSH rows per band r (with --bands)"},
             o.rows, {0u, 4096u});
    v.number({"--fp-weight", "fp_weight", ParameterScope::kResult,
              "weight of false positives when choosing b x r"},
             o.fp_weight, {0.0, kNoMaximum<double>});
    v.number({"--fn-weight", "fn_weight", ParameterScope::kResult,
              "weight of false negatives when choosing b x r"},
             o.fn_weight, {0.0, kNoMaximum<double>});
    v.number({"--pass-at-threshold", "pass_at_threshold", ParameterScope::kResult,
              "--verify estimate: chance that a pair exactly at the threshold passes (0.5 = "
              "unbiased; higher favours recall)"},
             o.pass_at_threshold, {0.0, 1.0, true});
  }
} describe_lsh_options;

/// The banding of `options`: --bands x --rows when given, else chosen from --threshold and
/// --num-perm with --fp-weight and --fn-weight (choose_band_layout).
BandLayout band_layout_of(const LshOptions& options);

/// A description of the first invalid LSH option (bounds, then bands with rows, b x r <= P,
/// weights not both 0), or "" when all are valid.
std::string validate_lsh_options(const LshOptions& options);

}  // namespace neardup
