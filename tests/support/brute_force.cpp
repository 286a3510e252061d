// Exact all-pairs truth for tests: every pair of documents with Jaccard >= threshold.
#include "tests/support/brute_force.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/jaccard.hpp"

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
  std::vector<std::pair<std::size_t, std::size_t>> sharing;
  for (const auto& [hash, docs] : postings) {
    for (std::size_t x = 0; x < docs.size(); ++x) {
      for (std::size_t y = x + 1; y < docs.size(); ++y) sharing.emplace_back(docs[x], docs[y]);
    }
  }
  std::sort(sharing.begin(), sharing.end());
  sharing.erase(std::unique(sharing.begin(), sharing.end()), sharing.end());
  std::vector<TruePair> out;
  for (const auto& [a, b] : sharing) {
    const double j = exact_jaccard(sets[a], sets[b]);
    if (j >= threshold) out.push_back({a, b, j});
  }
  return out;
}

}  // namespace neardup::testing
