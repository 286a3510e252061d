// LSH banding parameters: the S-curve P(s) = 1-(1-s^r)^b and the choice of bands x rows.
#pragma once

namespace neardup {

/// b bands of r rows each; uses b*r signature entries.
struct BandLayout {
  unsigned bands = 0;
  unsigned rows = 0;
};

/// Probability that a pair with Jaccard s becomes a candidate: 1 - (1 - s^r)^b.
double candidate_probability(double s, BandLayout layout);

/// The similarity where the S-curve is steepest, approximately (1/b)^(1/r).
double lsh_threshold(BandLayout layout);

/// Area under P(s) for s in [0, threshold]: the weight of false positives.
double false_positive_area(double threshold, BandLayout layout);

/// Area above P(s) for s in [threshold, 1]: the weight of false negatives.
double false_negative_area(double threshold, BandLayout layout);

/// Chooses b x r with b*r <= num_perm minimising fp_weight * FP area + fn_weight * FN area
/// (ties go to fewer signature entries). Favour recall with fn_weight > fp_weight: candidates
/// are verified afterwards, so false positives only cost time.
BandLayout choose_band_layout(double threshold, unsigned num_perm, double fp_weight,
                              double fn_weight);

/// Probability that at least `min_agree` of `num_perm` independent entries agree when each
/// agrees with probability r: sum_{k >= min_agree} C(P,k) r^k (1-r)^(P-k). This is the chance
/// that a pair of true Jaccard r passes the estimate verification "min_agree of P agree".
double agreement_probability(double r, unsigned num_perm, unsigned min_agree);

/// The default chance that a pair exactly at the threshold passes the estimate verification:
/// 0.5 cuts at the threshold (the estimate J >= t), so errors on either side are even.
inline constexpr double kDefaultPassAtThreshold = 0.5;

/// The verification cut K for "at least K of P entries agree": the largest K >= 1 for which a
/// pair of Jaccard exactly `threshold` passes with probability >= `pass_at_threshold`, so
/// pairs above the threshold pass at least that often. 0.5 gives about ceil(t * P); larger
/// values favour recall over precision.
unsigned min_agreeing_entries(double threshold, unsigned num_perm, double pass_at_threshold);

/// Exact verification first drops candidates whose signatures agree so little that a pair at
/// the threshold would agree less with at most this probability: they cannot be read cheaply,
/// and almost none of them is a duplicate.
inline constexpr double kSketchFilterMissAtThreshold = 1e-6;

/// The sketch filter's cut: candidates with fewer than this many equal entries of `num_perm`
/// are dropped before exact verification (min_agreeing_entries at 1 - the miss above).
unsigned sketch_filter_min_agree(double threshold, unsigned num_perm);

/// What the estimate verification ("min_agree of P agree") costs against the exact one, from
/// the binomial model, for candidate pairs whose Jaccard is spread evenly over a window around
/// the threshold (the pairs where the two disagree).
struct EstimateTrade {
  double window_low = 0;  // the window's ends: threshold -/+ 0.2, within [0, 1]
  double window_high = 0;
  double precision = 0;    // of the pairs that pass, the share at or above the threshold
  double recall = 0;       // of the pairs at or above the threshold, the share that pass
  double pass_below[2]{};  // chance that a pair at threshold - 0.1 and - 0.05 passes
  double miss_above[2]{};  // chance that a pair at threshold + 0.05 and + 0.1 fails
};

/// The trade of the estimate verification with cut `min_agree` of `num_perm` at `threshold`.
EstimateTrade estimate_trade(double threshold, unsigned num_perm, unsigned min_agree);

}  // namespace neardup
