// Verification rounds: a rank's candidate pairs cut into rounds whose documents' payloads fit a
// byte budget, over documents numbered densely so that per-document state is a flat array.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/lsh/candidate_edges.hpp"

namespace neardup {

/// A pair of documents by their dense numbers (see DenseDocs).
struct DensePair {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
};

/// Every document of lists of pairs, numbered 0, 1, ... in id order.
class DenseDocs {
 public:
  /// The documents of `pairs`. Throws std::length_error beyond 2^32 documents.
  explicit DenseDocs(std::span<const DocPair> pairs);
  std::size_t size() const { return docs_.size(); }
  /// The document numbered `i`.
  DocId doc(std::uint32_t i) const { return docs_[i]; }
  /// Every document, by number.
  std::span<const DocId> ids() const { return docs_; }
  /// Whether `doc` is one of the documents, and its number in `index`.
  bool find(DocId doc, std::uint32_t& index) const;
  /// The pairs by the numbers of their documents, in the same order.
  std::vector<DensePair> number(std::span<const DocPair> pairs) const;

 private:
  std::vector<DocId> docs_;  // sorted, distinct
};

/// Cuts pairs into rounds whose distinct documents' payload bytes add up to at most a budget
/// (a round holds at least one pair), one round at a time, so that what a round skips can
/// depend on what earlier rounds found. Pairs are taken component by component (of the graph
/// the pairs make), in input order within a component: a cluster's documents then share a
/// round unless it outgrows the budget, so a document's payload is made about once, not once
/// for every round that one of its pairs falls in. Components come in a hashed order, so every
/// round holds documents of every owner alike and the ranks' work in a round stays even.
class RoundPlanner {
 public:
  /// `bytes[d]` is the payload size of document d; the spans must outlive the planner.
  /// Throws std::length_error beyond 2^32 pairs.
  RoundPlanner(std::span<const DensePair> pairs, std::span<const std::uint64_t> bytes,
               std::uint64_t round_bytes);

  /// Whether every pair has been planned or skipped.
  bool done() const { return next_ == order_.size(); }

  /// The indices of the next round's pairs: the pairs after the last round's (in the
  /// planner's order), leaving out those `skip` rejects, while their documents' bytes fit the
  /// budget.
  std::vector<std::size_t> next_round(const std::function<bool(const DensePair&)>& skip);

 private:
  std::span<const DensePair> pairs_;
  std::vector<std::uint32_t> order_;  // pair indices, component by component
  std::span<const std::uint64_t> bytes_;
  std::uint64_t round_bytes_;
  std::size_t next_ = 0;
  std::vector<std::uint32_t> round_of_;  // 1 + the last round that took each document
  std::uint32_t round_ = 0;
};

}  // namespace neardup
