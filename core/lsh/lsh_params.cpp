// LSH banding parameters: the S-curve P(s) = 1-(1-s^r)^b and the choice of bands x rows.
#include "core/lsh/lsh_params.hpp"

#include <algorithm>
#include <cmath>

namespace neardup {
namespace {

// Composite Simpson integration with a fixed, even number of intervals.
template <class F>
double integrate(F f, double lo, double hi) {
  constexpr int kIntervals = 2000;
  if (hi <= lo) return 0.0;
  const double h = (hi - lo) / kIntervals;
  double sum = f(lo) + f(hi);
  for (int i = 1; i < kIntervals; ++i) sum += f(lo + i * h) * (i % 2 == 1 ? 4.0 : 2.0);
  return sum * h / 3.0;
}

}  // namespace

double candidate_probability(double s, BandLayout layout) {
  return 1.0 - std::pow(1.0 - std::pow(s, layout.rows), layout.bands);
}

double lsh_threshold(BandLayout layout) { return std::pow(1.0 / layout.bands, 1.0 / layout.rows); }

double false_positive_area(double threshold, BandLayout layout) {
  return integrate([&](double s) { return candidate_probability(s, layout); }, 0.0, threshold);
}

double false_negative_area(double threshold, BandLayout layout) {
  return integrate([&](double s) { return 1.0 - candidate_probability(s, layout); }, threshold,
                   1.0);
}

BandLayout choose_band_layout(double threshold, unsigned num_perm, double fp_weight,
                              double fn_weight) {
  BandLayout best{1, num_perm};
  double best_error = INFINITY;
  for (unsigned bands = 1; bands <= num_perm; ++bands) {
    for (unsigned rows = 1; bands * rows <= num_perm; ++rows) {
      const BandLayout layout{bands, rows};
      const double error = fp_weight * false_positive_area(threshold, layout) +
                           fn_weight * false_negative_area(threshold, layout);
      if (error < best_error - 1e-12) {
        best_error = error;
        best = layout;
      }
    }
  }
  return best;
}

double agreement_probability(double r, unsigned num_perm, unsigned min_agree) {
  if (min_agree == 0) return 1.0;
  if (min_agree > num_perm) return 0.0;
  if (r <= 0.0) return 0.0;
  if (r >= 1.0) return 1.0;
  double total = 0.0;
  for (unsigned k = min_agree; k <= num_perm; ++k) {
    const double log_term = std::lgamma(num_perm + 1.0) - std::lgamma(k + 1.0) -
                            std::lgamma(num_perm - k + 1.0) + k * std::log(r) +
                            (num_perm - k) * std::log1p(-r);
    total += std::exp(log_term);
  }
  return total > 1.0 ? 1.0 : total;
}

unsigned min_agreeing_entries(double threshold, unsigned num_perm, double pass_at_threshold) {
  unsigned k = num_perm;
  while (k > 1 && agreement_probability(threshold, num_perm, k) < pass_at_threshold) --k;
  return k;
}

unsigned sketch_filter_min_agree(double threshold, unsigned num_perm) {
  return min_agreeing_entries(threshold, num_perm, 1.0 - kSketchFilterMissAtThreshold);
}

EstimateTrade estimate_trade(double threshold, unsigned num_perm, unsigned min_agree) {
  EstimateTrade trade;
  trade.window_low = std::max(0.0, threshold - 0.2);
  trade.window_high = std::min(1.0, threshold + 0.2);
  const auto pass = [&](double s) {
    return agreement_probability(std::clamp(s, 0.0, 1.0), num_perm, min_agree);
  };
  constexpr int kSteps = 400;
  double passed = 0, passed_above = 0, above = 0;
  for (int i = 0; i < kSteps; ++i) {
    const double s = trade.window_low + (trade.window_high - trade.window_low) * (i + 0.5) / kSteps;
    const double p = pass(s);
    passed += p;
    if (s >= threshold) {
      passed_above += p;
      above += 1;
    }
  }
  trade.precision = passed > 0 ? passed_above / passed : 1.0;
  trade.recall = above > 0 ? passed_above / above : 1.0;
  trade.pass_below[0] = pass(threshold - 0.1);
  trade.pass_below[1] = pass(threshold - 0.05);
  trade.miss_above[0] = 1 - pass(threshold + 0.05);
  trade.miss_above[1] = 1 - pass(threshold + 0.1);
  return trade;
}

}  // namespace neardup
