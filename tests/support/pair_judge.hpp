// Judging a dedup run's outputs against exact all-pairs Jaccard: pair precision, removal
// precision (each removed document against the one kept in its place) and recall, overall and
// by document shape.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/sketch/shingles.hpp"
#include "tests/support/corpus_generator.hpp"

namespace neardup::testing {

/// The exact truth of a corpus at one threshold: every pair with Jaccard >= threshold.
struct Truth {
  double threshold = 0;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;  // document indices, a < b
};

/// Exact all-pairs truth of `docs` under `shingle` (see all_pairs_at_least).
Truth truth_of(const std::vector<GeneratedDoc>& docs, const ShingleSpec& shingle, double threshold);

/// What a run found, judged against the exact truth at its threshold.
struct Judged {
  std::size_t truth_pairs = 0;
  std::size_t truth_pairs_caught = 0;  // not both documents kept
  std::size_t verified_pairs = 0;      // rows of pairs/
  std::size_t verified_true = 0;       // rows whose exact Jaccard is >= the threshold
  std::size_t removed = 0;
  std::size_t removed_with_true_twin = 0;  // removed documents with a true near-duplicate
  std::size_t removed_with_kept_twin = 0;  // ... that is the document kept in their place
  std::size_t largest_cluster = 0;
  std::map<std::string, std::pair<std::size_t, std::size_t>> recall_by_shape;  // found, truth

  /// Share of true pairs caught: at most one of their documents kept.
  double recall() const;
  /// Share of pairs/ rows that are true pairs (1 without pairs/).
  double precision() const;
  /// Share of removed documents that are true near-duplicates of the document kept in their
  /// place (what a user deleting them relies on).
  double removal_precision() const;
  /// One line: the counts and shares, and recall by shape.
  std::string summary() const;
};

/// Reads OUT/clusters (and OUT/pairs when written) of a run over `docs` and judges them.
Judged judge_run(const std::string& out, const std::vector<GeneratedDoc>& docs, const Truth& truth);

}  // namespace neardup::testing
