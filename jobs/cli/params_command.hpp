// `neardup params`: the chosen bands x rows, their S-curve, and the "K of P agree" rule.
#pragma once

#include <string>

#include "jobs/options/lsh_options.hpp"

namespace neardup {

/// The inputs of `neardup params`: the LSH options.
struct ParamsOptions : LshOptions {};

/// The report printed by `neardup params`: b x r, the threshold (1/b)^(1/r), the weighted
/// error areas, P(candidate) at s = 0.1 ... 1.0 and at the threshold, the verification rule
/// K (from the pass probability at the threshold) and its pass probability p(r) = sum_{k >= K}
/// C(P,k) r^k (1-r)^(P-k).
std::string params_report(const ParamsOptions& options);

}  // namespace neardup
