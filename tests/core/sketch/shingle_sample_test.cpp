// Broder's shingle sampling (ShingleSpec::sample): the kept hashes are exactly those 0 mod M,
// a document with none kept keeps all, and the resemblance of two documents' samples
// estimates that of their full sets within the spread of sampling 1/M of their union.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "core/sketch/jaccard.hpp"
#include "core/sketch/shingles.hpp"

namespace neardup {
namespace {

using Hashes = std::vector<std::uint64_t>;

ShingleSpec sampled(unsigned m) {
  ShingleSpec spec;
  spec.sample = m;
  return spec;
}

// `words` words drawn from a vocabulary of 50,000.
std::vector<std::string> random_words(std::mt19937_64& rng, std::size_t words) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < words; ++i) out.push_back("w" + std::to_string(rng() % 50000));
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += w + " ";
  return text;
}

TEST(ShingleSample, KeepsExactlyTheHashesThatAreZeroModM) {
  std::mt19937_64 rng(11);
  const std::string text = joined(random_words(rng, 5000));
  const Hashes full = shingle_set(text, ShingleSpec{});
  for (const unsigned m : {2u, 3u, 4u, 7u, 16u, 1000u}) {
    Hashes want;
    std::copy_if(full.begin(), full.end(), std::back_inserter(want),
                 [&](std::uint64_t h) { return h % m == 0; });
    ASSERT_FALSE(want.empty()) << m;
    EXPECT_EQ(shingle_set(text, sampled(m)), want) << "M = " << m;
    // About 1/M of the shingles, within 5 binomial standard deviations.
    const double p = 1.0 / m;
    const double n = static_cast<double>(full.size());
    EXPECT_LT(std::abs(static_cast<double>(want.size()) - n * p), 5 * std::sqrt(n * p * (1 - p)))
        << "M = " << m;
  }
  EXPECT_EQ(shingle_set(text, sampled(1)), full);
}

TEST(ShingleSample, ADocumentWithNoneKeptKeepsAll) {
  std::mt19937_64 rng(12);
  int none_kept = 0, some_kept = 0;
  for (int i = 0; i < 200; ++i) {
    const std::string text = joined(random_words(rng, 6));  // two shingles
    const Hashes full = shingle_set(text, ShingleSpec{});
    const bool any =
        std::any_of(full.begin(), full.end(), [](std::uint64_t h) { return h % 8 == 0; });
    const Hashes got = shingle_set(text, sampled(8));
    if (any) {
      ++some_kept;
      EXPECT_LT(got.size(), full.size() + 1);
      EXPECT_TRUE(std::all_of(got.begin(), got.end(), [](std::uint64_t h) { return h % 8 == 0; }));
    } else {
      ++none_kept;
      EXPECT_EQ(got, full) << text;
    }
  }
  EXPECT_GT(none_kept, 100);
  EXPECT_GT(some_kept, 20);
  EXPECT_TRUE(shingle_set("", sampled(8)).empty());
}

TEST(ShingleSample, SampledResemblanceEstimatesTheFullOne) {
  std::mt19937_64 rng(13);
  for (const unsigned m : {2u, 4u, 8u, 16u}) {
    std::vector<double> z;
    for (int pair = 0; pair < 150; ++pair) {
      const std::vector<std::string> a = random_words(rng, 1500 + rng() % 1500);
      std::vector<std::string> b = a;
      const double changed = 0.01 + 0.09 * static_cast<double>(rng() % 1000) / 1000.0;
      for (std::string& w : b) {
        if (static_cast<double>(rng() % 100000) < changed * 100000) w = "x" + std::to_string(rng());
      }
      const Hashes fa = shingle_set(joined(a), ShingleSpec{});
      const Hashes fb = shingle_set(joined(b), ShingleSpec{});
      const double j = exact_jaccard(fa, fb);
      const double js =
          exact_jaccard(shingle_set(joined(a), sampled(m)), shingle_set(joined(b), sampled(m)));
      // The sample is a random 1/M of the union: the share of shared shingles in it is a
      // proportion over about |A u B| / M of them, drawn without replacement.
      const double u = static_cast<double>(fa.size() + fb.size()) / (1 + j);
      const double p = 1.0 / m;
      const double sd = std::sqrt(j * (1 - j) * (1 - p) / (u * p));
      ASSERT_GT(sd, 0);
      z.push_back((js - j) / sd);
      EXPECT_LT(std::abs(z.back()), 5.0) << "M = " << m << ", J = " << j << ", sampled " << js;
    }
    double mean = 0, var = 0;
    for (const double x : z) mean += x;
    mean /= static_cast<double>(z.size());
    for (const double x : z) var += (x - mean) * (x - mean);
    var /= static_cast<double>(z.size() - 1);
    EXPECT_LT(std::abs(mean), 0.4) << "M = " << m;  // 4.9 standard errors
    EXPECT_GT(var, 0.6) << "M = " << m;             // the spread is the sampling's, not less
    EXPECT_LT(var, 1.5) << "M = " << m;
  }
}

}  // namespace
}  // namespace neardup
