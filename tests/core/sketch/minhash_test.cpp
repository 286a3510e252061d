// Unit tests for core/sketch/minhash: signature determinism and the estimator's binomial error
// statistics.
#include "core/sketch/minhash.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <unordered_set>
#include <vector>

#include "tests/core/sketch/estimator_stats.hpp"

namespace neardup {
namespace {

using testing::error_stats;
using testing::ErrorStats;
using testing::fresh_values;
using testing::random_pair;
using testing::Set;
using testing::SetPair;
using Sig = std::vector<SigValue>;

Sig sign(const MinHasher& h, const Set& s) {
  Sig out(h.num_perm());
  h.sign(s, out);
  return out;
}

struct StatCase {
  std::size_t common;
  std::size_t only;
  double jaccard;  // c / (c + 2d), written out by hand
};

// The spec: over many random set pairs the estimate's error has mean ~0 and a standard deviation
// within 20% of the binomial sqrt(J(1-J)/P).
TEST(MinHash, ErrorMatchesBinomialTheory) {
  constexpr unsigned kPerm = 128;
  constexpr int kPairs = 1500;
  const StatCase cases[] = {
      {20, 40, 0.2},   // 20 / 100
      {50, 25, 0.5},   // 50 / 100
      {80, 10, 0.8},   // 80 / 100
      {190, 5, 0.95},  // 190 / 200
  };
  std::mt19937_64 rng(20240611);
  std::uint64_t seed = 1;
  for (const StatCase& c : cases) {
    const MinHasher hasher(kPerm, seed++);
    std::vector<double> errors;
    errors.reserve(kPairs);
    for (int i = 0; i < kPairs; ++i) {
      const SetPair p = random_pair(rng, c.common, c.only);
      errors.push_back(estimate_jaccard(sign(hasher, p.a), sign(hasher, p.b)) - c.jaccard);
    }
    const ErrorStats s = error_stats(errors);
    const double theory = std::sqrt(c.jaccard * (1 - c.jaccard) / kPerm);
    EXPECT_LT(std::abs(s.mean), 4 * theory / std::sqrt(double{kPairs})) << "J = " << c.jaccard;
    EXPECT_NEAR(s.stddev / theory, 1.0, 0.2) << "J = " << c.jaccard;
  }
}

// Same check with a signature length that is not a multiple of 64 and a different seed per pair.
TEST(MinHash, ErrorMatchesBinomialTheoryOddLengthVaryingSeed) {
  constexpr unsigned kPerm = 100;
  constexpr int kPairs = 1000;
  constexpr double kJ = 0.5;  // 40 / (40 + 2 * 20)
  std::mt19937_64 rng(77);
  std::vector<double> errors;
  for (int i = 0; i < kPairs; ++i) {
    const MinHasher hasher(kPerm, 1000 + i);
    const SetPair p = random_pair(rng, 40, 20);
    errors.push_back(estimate_jaccard(sign(hasher, p.a), sign(hasher, p.b)) - kJ);
  }
  const ErrorStats s = error_stats(errors);
  const double theory = std::sqrt(kJ * (1 - kJ) / kPerm);
  EXPECT_LT(std::abs(s.mean), 4 * theory / std::sqrt(double{kPairs}));
  EXPECT_NEAR(s.stddev / theory, 1.0, 0.2);
}

// A monotone (or nearly order-preserving) family would always pick the smallest integer, so the
// sets 1..1000 and 500..1500 would never agree. J = 501 / 1500.
TEST(MinHash, ConsecutiveIntegersStillEstimateWell) {
  constexpr unsigned kPerm = 128;
  Set a, b;
  for (std::uint64_t x = 1; x <= 1000; ++x) a.push_back(x);
  for (std::uint64_t x = 500; x <= 1500; ++x) b.push_back(x);
  const double j = 501.0 / 1500.0;
  const double sigma = std::sqrt(j * (1 - j) / kPerm);
  constexpr int kSeeds = 40;
  double sum = 0;
  for (int seed = 0; seed < kSeeds; ++seed) {
    const MinHasher hasher(kPerm, 0xC0FFEE + seed);
    const double est = estimate_jaccard(sign(hasher, a), sign(hasher, b));
    EXPECT_NEAR(est, j, 4 * sigma) << "seed " << seed;
    sum += est;
  }
  EXPECT_NEAR(sum / kSeeds, j, 4 * sigma / std::sqrt(double{kSeeds}));
}

TEST(MinHash, NumPerm) {
  EXPECT_EQ(MinHasher(128, 1).num_perm(), 128u);
  EXPECT_EQ(MinHasher(100, 1).num_perm(), 100u);
  EXPECT_EQ(MinHasher(1, 1).num_perm(), 1u);
}

TEST(MinHash, SameSeedSameSignature) {
  std::mt19937_64 rng(5);
  std::unordered_set<std::uint64_t> taken;
  const Set s = fresh_values(rng, 300, taken);
  EXPECT_EQ(sign(MinHasher(128, 42), s), sign(MinHasher(128, 42), s));
  EXPECT_EQ(sign(MinHasher(100, 7), s), sign(MinHasher(100, 7), s));
}

TEST(MinHash, DifferentSeedsGiveDifferentSignatures) {
  std::mt19937_64 rng(6);
  std::unordered_set<std::uint64_t> taken;
  const Set s = fresh_values(rng, 300, taken);
  const Sig x = sign(MinHasher(128, 1), s);
  const Sig y = sign(MinHasher(128, 2), s);
  // Independent hash functions pick their minima independently: agreements are ~impossible.
  EXPECT_LE(agreeing_entries(x, y), 2u);
}

TEST(MinHash, EntriesWithinOneSignatureDiffer) {
  // Each position is its own hash function, not a copy of another (e.g. of the first block).
  std::mt19937_64 rng(7);
  std::unordered_set<std::uint64_t> taken;
  const Set s = fresh_values(rng, 50, taken);
  Sig sig = sign(MinHasher(200, 3), s);
  std::sort(sig.begin(), sig.end());
  EXPECT_GE(std::unique(sig.begin(), sig.end()) - sig.begin(), 195);
}

TEST(MinHash, EmptySetGivesEmptyValueEverywhere) {
  for (unsigned perm : {1u, 64u, 100u, 128u}) {
    const MinHasher hasher(perm, 9);
    Sig out(perm, 12345u);
    hasher.sign({}, out);
    EXPECT_EQ(out, Sig(perm, kEmptySigValue)) << perm;
  }
  EXPECT_EQ(kEmptySigValue, 0xFFFFFFFFu);
}

TEST(MinHash, NonEmptySetFillsEverySlot) {
  const MinHasher hasher(150, 11);
  Sig out(150, kEmptySigValue);
  const Set s = {3, 1000, 123456789};
  hasher.sign(s, out);
  EXPECT_EQ(std::count(out.begin(), out.end(), kEmptySigValue), 0);
}

TEST(MinHash, IdenticalSetsEstimateOne) {
  std::mt19937_64 rng(8);
  std::unordered_set<std::uint64_t> taken;
  const Set s = fresh_values(rng, 500, taken);
  const MinHasher hasher(128, 4);
  EXPECT_EQ(estimate_jaccard(sign(hasher, s), sign(hasher, s)), 1.0);
  const Set single = {42};
  EXPECT_EQ(estimate_jaccard(sign(hasher, single), sign(hasher, single)), 1.0);
}

TEST(MinHash, DisjointSetsEstimateZero) {
  std::mt19937_64 rng(9);
  const MinHasher hasher(128, 5);
  for (int i = 0; i < 20; ++i) {
    const SetPair p = random_pair(rng, 0, 100);
    EXPECT_LE(estimate_jaccard(sign(hasher, p.a), sign(hasher, p.b)), 1.0 / 128);
  }
}

TEST(MinHash, SignatureIgnoresOrderAndDuplicates) {
  std::mt19937_64 rng(10);
  std::unordered_set<std::uint64_t> taken;
  const Set s = fresh_values(rng, 200, taken);
  Set sorted = s;
  std::sort(sorted.begin(), sorted.end());
  Set messy = s;
  messy.insert(messy.end(), s.begin(), s.begin() + 50);
  std::shuffle(messy.begin(), messy.end(), rng);
  const MinHasher hasher(128, 6);
  EXPECT_EQ(sign(hasher, messy), sign(hasher, sorted));
}

TEST(MinHash, SubsetSignatureAgreesWhereMinimumIsShared) {
  // min over a superset is <= min over the subset entry by entry.
  std::mt19937_64 rng(12);
  std::unordered_set<std::uint64_t> taken;
  const Set big = fresh_values(rng, 100, taken);
  const Set small(big.begin(), big.begin() + 30);
  const MinHasher hasher(128, 13);
  const Sig sb = sign(hasher, big);
  const Sig ss = sign(hasher, small);
  for (std::size_t i = 0; i < sb.size(); ++i) EXPECT_LE(sb[i], ss[i]) << i;
}

TEST(MinHash, EstimateAndAgreeingEntriesOnHandMadeArrays) {
  const Sig a = {1, 2, 3, 4};
  const Sig b = {1, 9, 3, 9};
  EXPECT_EQ(agreeing_entries(a, b), 2u);
  EXPECT_EQ(estimate_jaccard(a, b), 0.5);
  EXPECT_EQ(agreeing_entries(a, a), 4u);
  EXPECT_EQ(estimate_jaccard(a, a), 1.0);
  const Sig c = {5, 6, 7, 8};
  EXPECT_EQ(agreeing_entries(a, c), 0u);
  EXPECT_EQ(estimate_jaccard(a, c), 0.0);
  const Sig d = {0xFFFFFFFFu, 0, 7};
  const Sig e = {0xFFFFFFFFu, 1, 7};
  EXPECT_EQ(agreeing_entries(d, e), 2u);
  EXPECT_DOUBLE_EQ(estimate_jaccard(d, e), 2.0 / 3.0);
  EXPECT_EQ(estimate_jaccard(Sig{5}, Sig{5}), 1.0);
}

TEST(MinHash, SplitMix64ReferenceVectors) {
  // Reference outputs of Vigna's splitmix64.c (seed 0 and seed 1234567).
  std::uint64_t state = 0;
  EXPECT_EQ(splitmix64(state), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitmix64(state), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(splitmix64(state), 0x06c45d188009454fULL);
  state = 1234567;
  EXPECT_EQ(splitmix64(state), 6457827717110365317ULL);
  EXPECT_EQ(splitmix64(state), 3203168211198807973ULL);
  EXPECT_EQ(splitmix64(state), 9817491932198370423ULL);
  EXPECT_EQ(state, 1234567 + 3 * 0x9E3779B97F4A7C15ULL);
}

}  // namespace
}  // namespace neardup
