// Exact all-pairs truth for tests: every pair of documents with Jaccard >= threshold.
#include "tests/support/brute_force.hpp"

#include <algorithm>
#include <unordered_map>

namespace neardup::testing {

std::vector<TruePair> all_pairs_at_least(const std::vector<std::string>& texts,
                                         const ShingleSpec& spec, double threshold) {
  std::vector<std::vector<std::uint64_t>> sets;
  sets.reserve(texts.size());
  for (const std::string& text : texts) sets.push_back(shingle_set(text, spec));
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> postings;
  for (std::size_t d = 0; d < sets.size(); ++d) {
    for (const std::uint64_t h : sets[d]) postings[h].push_back(d);
  }
  // For each document a, count the shingles it shares with every later document (postings
  // are in document order), then |A ∩ B| / (|A| + |B| - |A ∩ B|) is the exact Jaccard.
  std::vector<std::uint32_t> shared(sets.size(), 0);
  std::vector<std::size_t> touched;
  std::vector<TruePair> out;
  for (std::size_t a = 0; a < sets.size(); ++a) {
    for (const std::uint64_t h : sets[a]) {
      const std::vector<std::size_t>& docs = postings[h];
      for (auto it = std::upper_bound(docs.begin(), docs.end(), a); it != docs.end(); ++it) {
        if (shared[*it]++ == 0) touched.push_back(*it);
      }
    }
    std::sort(touched.begin(), touched.end());
    for (const std::size_t b : touched) {
      const double both = shared[b];
      const double j = both / (static_cast<double>(sets[a].size() + sets[b].size()) - both);
      if (j >= threshold) out.push_back({a, b, j});
      shared[b] = 0;
    }
    touched.clear();
  }
  return out;
}

}  // namespace neardup::testing
