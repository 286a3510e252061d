// SimHash fingerprints: balanced bits on random text, an independent slow reimplementation,
// empty documents, and distances that separate near-duplicates from unrelated texts.
#include "core/sketch/simhash.hpp"

#include <gtest/gtest.h>
#include <xxhash.h>

#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace neardup {
namespace {

std::string random_text(std::mt19937_64& rng, int words) {
  std::string text;
  for (int w = 0; w < words; ++w) {
    if (w) text += ' ';
    const int length = 2 + static_cast<int>(rng() % 8);
    for (int c = 0; c < length; ++c) text += static_cast<char>('a' + rng() % 26);
  }
  return text;
}

const SimhashFeatures kAllFeatures[] = {SimhashFeatures::kTokens, SimhashFeatures::kShingles,
                                        SimhashFeatures::kChars};
const SimhashWeight kAllWeights[] = {SimhashWeight::kTf, SimhashWeight::kBinary,
                                     SimhashWeight::kLogTf};

TEST(Simhash, EveryBitIsSetAboutHalfTheTimeOnRandomText) {
  std::mt19937_64 rng(5);
  std::vector<std::string> texts;
  for (int d = 0; d < 1000; ++d)
    texts.push_back(random_text(rng, 20 + static_cast<int>(rng() % 200)));
  for (const SimhashFeatures features : kAllFeatures) {
    SimhashSpec spec;
    spec.features = features;
    std::vector<int> ones(64, 0);
    for (const std::string& text : texts) {
      const std::uint64_t fp = simhash(text, spec);
      for (int bit = 0; bit < 64; ++bit) ones[bit] += static_cast<int>(fp >> bit & 1);
    }
    for (int bit = 0; bit < 64; ++bit) {
      EXPECT_GE(ones[bit], 400) << "bit " << bit << " features " << static_cast<int>(features);
      EXPECT_LE(ones[bit], 600) << "bit " << bit << " features " << static_cast<int>(features);
    }
  }
}

// The definition, computed the slow way: features as strings, counted in a map, per-bit sums
// in double.
std::uint64_t slow_simhash(const std::string& canonical, const SimhashSpec& spec) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : canonical + " ") {
    if (c == ' ') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (words.empty()) return 0;
  std::map<std::string, int> counts;
  if (spec.features == SimhashFeatures::kTokens) {
    for (const std::string& w : words) ++counts[w];
  } else if (spec.features == SimhashFeatures::kShingles) {
    if (words.size() < spec.shingle_n) {
      ++counts[canonical];
    } else {
      for (std::size_t i = 0; i + spec.shingle_n <= words.size(); ++i) {
        std::string s = words[i];
        for (std::size_t j = 1; j < spec.shingle_n; ++j) s += " " + words[i + j];
        ++counts[s];
      }
    }
  } else if (canonical.size() < spec.char_n) {
    ++counts[canonical];
  } else {
    for (std::size_t i = 0; i + spec.char_n <= canonical.size(); ++i) {
      ++counts[canonical.substr(i, spec.char_n)];
    }
  }
  double sums[64] = {};
  for (const auto& [feature, count] : counts) {
    const std::uint64_t h =
        XXH3_64bits_withSeed(feature.data(), feature.size(), 0x53696d4861736831ull);
    const double weight = spec.weight == SimhashWeight::kTf ? count
                          : spec.weight == SimhashWeight::kBinary
                              ? 1.0
                              : std::round(1024.0 * (1.0 + std::log(count))) / 1024.0;
    for (int bit = 0; bit < 64; ++bit) sums[bit] += (h >> bit & 1) ? weight : -weight;
  }
  std::uint64_t fp = 0;
  for (int bit = 0; bit < 64; ++bit) fp |= static_cast<std::uint64_t>(sums[bit] > 0) << bit;
  return fp;
}

TEST(Simhash, EqualsTheDefinitionComputedSlowly) {
  std::mt19937_64 rng(9);
  const std::vector<std::string> vocabulary = {"a", "bb", "the", "cat", "sat", "on", "mat", "x1"};
  for (int d = 0; d < 60; ++d) {
    std::string text;
    // Some documents past 255 features, where the byte-lane counters are flushed.
    const int words = 1 + static_cast<int>(rng() % (d % 3 == 0 ? 700 : 30));
    for (int w = 0; w < words; ++w) text += (w ? " " : "") + vocabulary[rng() % vocabulary.size()];
    for (const SimhashFeatures features : kAllFeatures) {
      for (const SimhashWeight weight : kAllWeights) {
        SimhashSpec spec;
        spec.features = features;
        spec.weight = weight;
        EXPECT_EQ(simhash(text, spec), slow_simhash(text, spec)) << text;
        // Case and punctuation do not matter: the fingerprint is of the canonical tokens.
        std::string noisy = text;
        for (char& c : noisy) c = c == ' ' ? ',' : static_cast<char>(std::toupper(c));
        EXPECT_EQ(simhash(noisy + "!", spec), simhash(text, spec));
      }
    }
  }
}

TEST(Simhash, EmptyDocumentsGiveZero) {
  EXPECT_EQ(simhash("", {}), 0u);
  EXPECT_EQ(simhash(" ... !!! ", {}), 0u);
}

TEST(Simhash, OneEditedWordIsCloseAndUnrelatedTextsAreFar) {
  std::mt19937_64 rng(11);
  SimhashSpec spec;
  spec.features = SimhashFeatures::kShingles;
  double edited = 0, unrelated = 0;
  const int trials = 200;
  for (int i = 0; i < trials; ++i) {
    const std::string a = random_text(rng, 300);
    std::string b = a;
    b.replace(b.find(' ', b.size() / 2) + 1, 2, "zz");  // one word changed
    const std::string c = random_text(rng, 300);
    edited += hamming_distance(simhash(a, spec), simhash(b, spec));
    unrelated += hamming_distance(simhash(a, spec), simhash(c, spec));
  }
  EXPECT_LT(edited / trials, 6.0);
  EXPECT_GT(unrelated / trials, 28.0);
  EXPECT_LT(unrelated / trials, 36.0);
}

}  // namespace
}  // namespace neardup
