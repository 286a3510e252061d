// One permutation hashing with optimal densification: determinism, and the estimator's error
// against the binomial theory and against classic MinHash on the same set pairs.
#include "core/sketch/one_permutation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <unordered_set>
#include <vector>

#include "core/id_mix.hpp"
#include "tests/core/sketch/estimator_stats.hpp"

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

// The definition, computed the slow way: bins by the high bits of fmix64(x + s), each empty
// bin filled from the first non-empty one its hashed probe sequence meets.
Sig reference_signature(const Set& shingles, unsigned k, std::uint64_t seed) {
  std::uint64_t state = seed ^ 0x6F6E652D7065726DULL;
  const std::uint64_t offset = splitmix64(state);
  const std::uint64_t probe_seed = splitmix64(state);
  constexpr std::uint64_t kEmpty = std::uint64_t{1} << 32;
  std::vector<std::uint64_t> bins(k, kEmpty);
  for (const std::uint64_t x : shingles) {
    const std::uint64_t h = mix_id(x + offset);
    std::uint64_t& bin = bins[((h >> 32) * k) >> 32];
    bin = std::min(bin, h & 0xFFFFFFFFu);
  }
  Sig out(k);
  for (std::uint64_t i = 0; i < k; ++i) {
    std::uint64_t value = bins[i];
    for (std::uint64_t attempt = 1; value == kEmpty; ++attempt) {
      const std::uint64_t probe = mix_id(probe_seed ^ (i << 32) ^ attempt);
      value = bins[((probe >> 32) * k) >> 32];
    }
    out[i] = static_cast<SigValue>(value);
  }
  return out;
}

// The tabled densification (byte minima over columns for sparse signatures, walks through
// tabled then hashed probes otherwise) gives the definition's signature for every set size,
// from 1 shingle (most bins' tabled probes miss it) to more shingles than bins, and for bin
// counts above the column table's limit.
TEST(OnePermutation, TabledDensificationEqualsTheDefinition) {
  std::mt19937_64 rng(77);
  for (const unsigned k : {1u, 7u, 100u, 128u, 1024u, 2048u}) {
    const OnePermutationHasher hasher(k, 5);
    for (std::size_t size = 1; size <= 3 * k && size <= 700; size += 1 + size / 8) {
      Set shingles(size);
      for (std::uint64_t& x : shingles) x = rng();
      ASSERT_EQ(sign(hasher, shingles, k), reference_signature(shingles, k, 5))
          << k << " bins, " << size << " shingles";
    }
  }
}

}  // namespace
}  // namespace neardup
