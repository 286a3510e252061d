// Test helpers for signature estimators: random set pairs of known Jaccard, error moments.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <unordered_set>
#include <vector>

namespace neardup::testing {

using Set = std::vector<std::uint64_t>;

// `count` distinct random 64-bit values, none of them in `taken` (which receives them).
inline Set fresh_values(std::mt19937_64& rng, std::size_t count,
                        std::unordered_set<std::uint64_t>& taken) {
  Set out;
  while (out.size() < count) {
    const std::uint64_t x = rng();
    if (taken.insert(x).second) out.push_back(x);
  }
  return out;
}

// A pair of sets with |A ∩ B| = common and |A \ B| = |B \ A| = only, so J = c / (c + 2d).
struct SetPair {
  Set a;
  Set b;
};
inline SetPair random_pair(std::mt19937_64& rng, std::size_t common, std::size_t only) {
  std::unordered_set<std::uint64_t> taken;
  const Set c = fresh_values(rng, common, taken);
  const Set da = fresh_values(rng, only, taken);
  const Set db = fresh_values(rng, only, taken);
  SetPair p;
  p.a = c;
  p.a.insert(p.a.end(), da.begin(), da.end());
  p.b = c;
  p.b.insert(p.b.end(), db.begin(), db.end());
  std::sort(p.a.begin(), p.a.end());
  std::sort(p.b.begin(), p.b.end());
  return p;
}

struct ErrorStats {
  double mean = 0;
  double stddev = 0;
};

inline ErrorStats error_stats(const std::vector<double>& errors) {
  ErrorStats s;
  for (double e : errors) s.mean += e;
  s.mean /= static_cast<double>(errors.size());
  double ss = 0;
  for (double e : errors) ss += (e - s.mean) * (e - s.mean);
  s.stddev = std::sqrt(ss / static_cast<double>(errors.size() - 1));
  return s;
}

}  // namespace neardup::testing
