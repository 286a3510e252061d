// Judging a dedup run's outputs against exact all-pairs Jaccard: pair precision, removal
// precision and cluster recall, overall and by document shape.
#include "tests/support/pair_judge.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <unordered_map>
#include <unordered_set>

#include "tests/support/brute_force.hpp"
#include "tests/support/output_files.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace neardup::testing {

Truth truth_of(const std::vector<GeneratedDoc>& docs, const ShingleSpec& shingle,
               double threshold) {
  std::vector<std::string> texts;
  for (const GeneratedDoc& d : docs) texts.push_back(d.text);
  Truth truth{threshold, {}};
  for (const TruePair& p : all_pairs_at_least(texts, shingle, threshold)) {
    truth.pairs.emplace_back(p.a, p.b);
  }
  return truth;
}

double Judged::recall() const {
  return truth_pairs == 0 ? 1 : static_cast<double>(truth_pairs_caught) / truth_pairs;
}

double Judged::precision() const {
  return verified_pairs == 0 ? 1 : static_cast<double>(verified_true) / verified_pairs;
}

double Judged::removal_precision() const {
  return removed == 0 ? 1 : static_cast<double>(removed_with_kept_twin) / removed;
}

std::string Judged::summary() const {
  char line[256];
  std::snprintf(line, sizeof line,
                "truth %zu pairs, recall %.4f; pairs/ %zu rows, precision %.4f; removed %zu, "
                "removal precision %.4f; largest cluster %zu; recall by shape:",
                truth_pairs, recall(), verified_pairs, precision(), removed, removal_precision(),
                largest_cluster);
  std::string out = line;
  for (const auto& [shape, counts] : recall_by_shape) {
    out += " " + shape + " " + std::to_string(counts.first) + "/" + std::to_string(counts.second);
  }
  return out;
}

Judged judge_run(const std::string& out, const std::vector<GeneratedDoc>& docs,
                 const Truth& truth) {
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < docs.size(); ++i) index[docs[i].id] = i;
  const auto key = [&](std::size_t a, std::size_t b) {
    return std::min(a, b) * docs.size() + std::max(a, b);
  };
  std::unordered_set<std::size_t> true_keys;
  std::vector<char> has_twin(docs.size(), 0);
  for (const auto& [a, b] : truth.pairs) {
    true_keys.insert(key(a, b));
    has_twin[a] = has_twin[b] = 1;
  }
  std::vector<std::size_t> cluster(docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i) cluster[i] = i;
  std::vector<char> removed(docs.size(), 0);
  Judged j;
  std::unordered_map<std::size_t, std::size_t> cluster_sizes;
  for (const std::string& line : part_lines(out, "clusters")) {
    const auto f = split_tabs(line);
    const std::size_t doc = index.at(f[0]);
    cluster[doc] = index.at(f[1]);
    j.largest_cluster = std::max(j.largest_cluster, ++cluster_sizes[cluster[doc]]);
    if (f[2] == "0") {
      ++j.removed;
      removed[doc] = 1;
      j.removed_with_true_twin += has_twin[doc];
      j.removed_with_kept_twin += true_keys.count(key(doc, cluster[doc]));
    }
  }
  if (std::filesystem::exists(std::filesystem::path(out) / "pairs")) {
    for (const std::string& line : part_lines(out, "pairs")) {
      const auto f = split_tabs(line);
      ++j.verified_pairs;
      j.verified_true += true_keys.count(key(index.at(f[0]), index.at(f[1])));
    }
  }
  j.truth_pairs = truth.pairs.size();
  for (const auto& [a, b] : truth.pairs) {
    const bool found = removed[a] || removed[b];
    j.truth_pairs_caught += found;
    auto& [shape_found, shape_truth] = j.recall_by_shape[shape_of(docs[a].id)];
    shape_found += found;
    ++shape_truth;
  }
  return j;
}

}  // namespace neardup::testing
