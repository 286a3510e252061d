// One permutation hashing with optimal densification: determinism, and the estimator's error
// against the binomial theory and against classic MinHash on the same set pairs.
#include "core/one_permutation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <unordered_set>
#include <vector>

#include "tests/core/estimator_stats.hpp"

namespace neardup {
namespace {

using testing::error_stats;
using testing::ErrorStats;
using testing::random_pair;
using testing::Set;
using Sig = std::vector<SigValue>;

template <class Hasher>
Sig sign(const Hasher& h, const Set& s, unsigned entries) {
  Sig out(entries);
  h.sign(s, out);
  return out;
}

TEST(OnePermutation, DeterministicAndSeeded) {
  std::mt19937_64 rng(1);
  const auto [a, b] = random_pair(rng, 300, 30);
  EXPECT_EQ(sign(OnePermutationHasher(128, 3), a, 128), sign(OnePermutationHasher(128, 3), a, 128));
  EXPECT_NE(sign(OnePermutationHasher(128, 3), a, 128), sign(OnePermutationHasher(128, 4), a, 128));
  EXPECT_EQ(OnePermutationHasher(100, 1).num_bins(), 100u);
}

TEST(OnePermutation, EmptySetAndOneShingle) {
  const OnePermutationHasher hasher(64, 9);
  EXPECT_EQ(sign(hasher, {}, 64), Sig(64, kEmptySigValue));
  // One shingle fills one bin; densification copies it everywhere.
  const Sig one = sign(hasher, {42}, 64);
  EXPECT_EQ(std::count(one.begin(), one.end(), one[0]), 64);
  // Order and repeats do not matter: the signature is one of the set.
  EXPECT_EQ(sign(hasher, {1, 2, 3, 2, 1}, 64), sign(hasher, {3, 1, 2}, 64));
}

// Over many random pairs of 1000-element unions, the error is unbiased and its spread is close
// to MinHash's binomial sqrt(J(1-J)/k) (within 20%), on the same pairs as classic MinHash.
TEST(OnePermutation, ErrorMatchesBinomialTheoryAndClassicMinHash) {
  constexpr unsigned kBins = 128;
  constexpr int kPairs = 800;
  struct Case {
    std::size_t common, only;
    double jaccard;
  };
  const Case cases[] = {{200, 400, 0.2}, {500, 250, 0.5}, {800, 100, 0.8}, {950, 25, 0.95}};
  std::mt19937_64 rng(2017);
  for (const Case& c : cases) {
    std::vector<double> oph_errors, classic_errors;
    for (int i = 0; i < kPairs; ++i) {
      const OnePermutationHasher oph(kBins, 100 + i);
      const MinHasher classic(kBins, 100 + i);
      const auto [a, b] = random_pair(rng, c.common, c.only);
      oph_errors.push_back(estimate_jaccard(sign(oph, a, kBins), sign(oph, b, kBins)) - c.jaccard);
      classic_errors.push_back(estimate_jaccard(sign(classic, a, kBins), sign(classic, b, kBins)) -
                               c.jaccard);
    }
    const ErrorStats o = error_stats(oph_errors), m = error_stats(classic_errors);
    const double theory = std::sqrt(c.jaccard * (1 - c.jaccard) / kBins);
    EXPECT_LT(std::abs(o.mean), 4 * theory / std::sqrt(double{kPairs})) << "J = " << c.jaccard;
    EXPECT_NEAR(o.stddev / theory, 1.0, 0.2) << "J = " << c.jaccard;
    EXPECT_LT(o.stddev, 1.2 * m.stddev) << "J = " << c.jaccard;
    RecordProperty(
        "stddev_ratio_oph_to_classic_J" + std::to_string(static_cast<int>(c.jaccard * 100)),
        std::to_string(o.stddev / m.stddev));
  }
}

// Short documents (fewer shingles than bins) leave most bins empty: densification must keep the
// estimate unbiased there too.
TEST(OnePermutation, UnbiasedOnShortDocuments) {
  constexpr unsigned kBins = 128;
  constexpr int kPairs = 1500;
  constexpr double kJ = 0.5;  // 30 / (30 + 2 * 15)
  std::mt19937_64 rng(5);
  std::vector<double> errors;
  for (int i = 0; i < kPairs; ++i) {
    const OnePermutationHasher oph(kBins, 7000 + i);
    const auto [a, b] = random_pair(rng, 30, 15);
    errors.push_back(estimate_jaccard(sign(oph, a, kBins), sign(oph, b, kBins)) - kJ);
  }
  const ErrorStats m = error_stats(errors);
  EXPECT_LT(std::abs(m.mean), 0.01);
  EXPECT_LT(m.stddev, 0.15);
}

}  // namespace
}  // namespace neardup
