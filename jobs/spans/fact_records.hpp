// The search's facts of a rank's documents as one stream of records in document order: what
// the search writes (to the facts stage's part, or scratch) and the cut reads a document at a
// time, so that neither holds them all.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/spans/repeat_cuts.hpp"
#include "core/spans/window_runs.hpp"
#include "io/read/file_records.hpp"
#include "io/scratch/sorted_runs.hpp"

namespace neardup {

/// An anchor of a document (its k-gram's first token) and the fact of every window it anchors,
/// whose equal window lies at the same offset from the equal anchor.
struct TokenFact {
  DocId doc = 0;
  std::uint32_t token = 0;
  WindowFact fact;
};

/// Orders facts by place: document, then token.
inline constexpr auto by_place = [](const TokenFact& a, const TokenFact& b) {
  return a.doc != b.doc ? a.doc < b.doc : a.token < b.token;
};

/// Orders runs of windows by place: document, then first window.
inline constexpr auto run_by_place = [](const WindowRun& a, const WindowRun& b) {
  return a.doc != b.doc ? a.doc < b.doc : a.token < b.token;
};

/// A fact as the search gives it and the cut reads it: a run of windows, or (count 0) an
/// anchor's TokenFact at `token`. The facts checkpoint saves these records as they are.
using FactRecord = WindowRun;

/// The record of an anchor's TokenFact.
inline FactRecord anchor_record(const TokenFact& f) { return {f.doc, 0, f.token, 0, f.fact}; }

/// Orders fact records by document, token, anchor and count (a total order of distinct ones).
/// Field by field, as values: the fields are packed, and std::tie would bind references.
inline constexpr auto fact_record_less = [](const FactRecord& a, const FactRecord& b) {
  if (a.doc != b.doc) return a.doc < b.doc;
  if (a.token != b.token) return a.token < b.token;
  if (a.anchor != b.anchor) return a.anchor < b.anchor;
  return a.count < b.count;
};

/// Runs of window facts gathered round by round on their documents' owners, read in
/// fact_record_less order.
using WindowRuns = SortedRuns<WindowRun, decltype(fact_record_less)>;

/// Takes the search's fact records of this rank's documents, in fact_record_less order.
using FactSink = std::function<void(const FactRecord& record)>;

/// Reads fact records (in fact_record_less order, from a file) a document at a time.
class DocumentFacts {
 public:
  explicit DocumentFacts(const RecordsInFile& records);

  /// Whether a document is left to read.
  bool more() const { return next_.has_value(); }

  /// The next document, its anchors and its runs of windows (each by token); more() must hold.
  DocId next(std::vector<TokenFact>& anchors, std::vector<WindowRun>& windows);

 private:
  FileRecords<FactRecord> records_;
  std::optional<FactRecord> next_;  // the first record not yet given
};

/// Gives `sink` the records of `anchors` (TokenFacts by place) and `windows` (runs by
/// fact_record_less) merged in fact_record_less order; each reader gives its next record or
/// nullptr after its last.
template <class Anchors, class Windows>
void merge_facts(Anchors& anchors, Windows& windows, const FactSink& sink) {
  const TokenFact* a = anchors.next();
  const WindowRun* w = windows.next();
  while (a != nullptr || w != nullptr) {
    if (w == nullptr || (a != nullptr && fact_record_less(anchor_record(*a), *w))) {
      sink(anchor_record(*a));
      a = anchors.next();
    } else {
      sink(*w);
      w = windows.next();
    }
  }
}

}  // namespace neardup
