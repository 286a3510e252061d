// LSH parameters: the S-curve, its error areas and the "K of P agree" rule against closed forms,
// and the band choice against an independent brute force.
#include "core/lsh/lsh_params.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace neardup {
namespace {

double choose(unsigned n, unsigned k) {
  double c = 1;
  for (unsigned i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

// ∫_0^t 1-(1-s^r)^b ds = Σ_{j=1..b} C(b,j)(-1)^{j+1} t^{rj+1}/(rj+1).
double closed_fp_area(double t, unsigned b, unsigned r) {
  double sum = 0;
  for (unsigned j = 1; j <= b; ++j) {
    sum += choose(b, j) * ((j % 2 == 1) ? 1 : -1) * std::pow(t, r * j + 1.0) / (r * j + 1.0);
  }
  return sum;
}

double closed_fn_area(double t, unsigned b, unsigned r) {
  return (1 - t) - (closed_fp_area(1, b, r) - closed_fp_area(t, b, r));
}

TEST(LshParams, CandidateProbabilityByHand) {
  EXPECT_DOUBLE_EQ(candidate_probability(0.5, {2, 2}), 0.4375);  // 1 - (1 - 1/4)^2
  EXPECT_DOUBLE_EQ(candidate_probability(1.0, {7, 3}), 1.0);
  EXPECT_DOUBLE_EQ(candidate_probability(0.0, {7, 3}), 0.0);
  EXPECT_NEAR(candidate_probability(0.8, {18, 7}), 1 - std::pow(1 - std::pow(0.8, 7), 18), 1e-15);
}

TEST(LshParams, ThresholdClosedForm) {
  EXPECT_DOUBLE_EQ(lsh_threshold({4, 2}), 0.5);
  EXPECT_NEAR(lsh_threshold({20, 5}), std::pow(0.05, 0.2), 1e-15);
}

TEST(LshParams, AreasMatchTheBinomialExpansion) {
  for (unsigned b = 1; b <= 6; ++b) {
    for (unsigned r = 1; r <= 6; ++r) {
      for (double t : {0.3, 0.5, 0.8, 0.95}) {
        EXPECT_NEAR(false_positive_area(t, {b, r}), closed_fp_area(t, b, r), 1e-6)
            << b << "x" << r << " t=" << t;
        EXPECT_NEAR(false_negative_area(t, {b, r}), closed_fn_area(t, b, r), 1e-6)
            << b << "x" << r << " t=" << t;
      }
    }
  }
}

TEST(LshParams, ChoiceIsTheBruteForceArgmin) {
  for (unsigned p : {16u, 24u}) {
    for (double t : {0.5, 0.7, 0.8, 0.9}) {
      for (auto [wfp, wfn] : {std::pair{0.5, 0.5}, std::pair{0.1, 0.9}}) {
        double best = INFINITY;
        for (unsigned b = 1; b <= 6 && b <= p; ++b) {  // closed form stays exact for small b
          for (unsigned r = 1; b * r <= p; ++r) {
            best = std::min(best, wfp * closed_fp_area(t, b, r) + wfn * closed_fn_area(t, b, r));
          }
        }
        const BandLayout chosen = choose_band_layout(t, p, wfp, wfn);
        ASSERT_LE(chosen.bands * chosen.rows, p);
        const double chosen_error =
            wfp * false_positive_area(t, chosen) + wfn * false_negative_area(t, chosen);
        // The chosen layout (searched over every b) is at least as good as the best small-b one.
        EXPECT_LE(chosen_error, best + 1e-6) << "P=" << p << " t=" << t;
      }
    }
  }
}

TEST(LshParams, DefaultWeightsFavourRecallAtTheThreshold) {
  const BandLayout layout = choose_band_layout(0.8, 128, 0.01, 0.99);
  EXPECT_LE(layout.bands * layout.rows, 128u);
  EXPECT_GE(candidate_probability(0.8, layout), 0.95);
  EXPECT_GE(candidate_probability(0.85, layout), 0.99);
  EXPECT_LE(candidate_probability(0.3, layout), 0.01);
}

TEST(LshParams, AgreementProbabilityClosedForms) {
  EXPECT_NEAR(agreement_probability(0.5, 10, 10), 1.0 / 1024, 1e-12);
  EXPECT_DOUBLE_EQ(agreement_probability(0.3, 10, 0), 1.0);
  EXPECT_DOUBLE_EQ(agreement_probability(0.3, 10, 11), 0.0);
  double direct = 0;
  for (unsigned k = 7; k <= 10; ++k)
    direct += choose(10, k) * std::pow(0.6, k) * std::pow(0.4, 10 - k);
  EXPECT_NEAR(agreement_probability(0.6, 10, 7), direct, 1e-12);
  double previous = 0;
  for (double r = 0.05; r < 1; r += 0.05) {
    const double p = agreement_probability(r, 128, 103);
    EXPECT_GE(p, previous);
    previous = p;
  }
}

TEST(LshParams, MinAgreeingEntriesMeetsThePassProbabilityAtTheThreshold) {
  // P = 4, r = 0.75: p(K=4) = 0.316, p(K=3) = 0.738, p(K=2) = 0.949, p(K=1) = 0.996.
  EXPECT_EQ(min_agreeing_entries(0.75, 4, 0.3), 4u);
  EXPECT_EQ(min_agreeing_entries(0.75, 4, 0.5), 3u);
  EXPECT_EQ(min_agreeing_entries(0.75, 4, 0.9), 2u);
  EXPECT_EQ(min_agreeing_entries(0.75, 4, 0.99), 1u);
  EXPECT_EQ(min_agreeing_entries(0.75, 4, 1.0), 1u);     // never accepts zero agreeing entries
  EXPECT_EQ(min_agreeing_entries(0.8, 128, 0.5), 103u);  // median: ceil(102.4)
  EXPECT_EQ(min_agreeing_entries(1.0, 128, 0.75), 128u);
  for (const double pass : {0.6, 0.75, 0.9}) {
    const unsigned k = min_agreeing_entries(0.8, 128, pass);
    EXPECT_GE(agreement_probability(0.8, 128, k), pass);
    EXPECT_LT(agreement_probability(0.8, 128, k + 1), pass);
  }
}

}  // namespace
}  // namespace neardup
