// Deduplication against an earlier corpus: this run's documents looked up in a persistent
// index of it (neardup index build, or one built here from an earlier run's deduped/), each
// match naming the earlier document.
#pragma once

#include <mpi.h>

#include <memory>
#include <string>
#include <vector>

#include "core/doc_id.hpp"
#include "core/sketch/shingles.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/index/near_dup_index.hpp"
#include "jobs/pipeline/dedup_method.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// A document of this run that duplicates a document of the reference corpus.
struct ReferenceMatch {
  DocId doc = 0;
  std::string reference_id;  // the earlier document's id, as indexed
  double similarity = 0;     // the index's similarity (exact Jaccard, or see IndexMatch)
};

/// Collective: the index that --reference PATH means. PATH itself when it is an index
/// (index.meta; built by the same method, else an error); when it is an earlier run's output
/// directory (stats.json) with deduped/, an index of those kept documents built here, with
/// this run's document and sketch flags, in `scratch_dir` (replaced). Throws JobError on every
/// rank, naming PATH, for anything else: no such directory, an output without deduped/, an
/// exact run (no index exists for it), an index without shingle sets for a run that verifies
/// exactly (its matches would be estimates).
std::string resolve_reference(MPI_Comm comm, const JobOptions& options, const DedupMethod& method,
                              const std::string& scratch_dir);

/// This run's documents looked up in the reference index, in two steps so that the records
/// the exact check re-reads can be spilled with the others (see spill_stage.hpp).
class ReferenceMatcher {
 public:
  /// Opens the index at `index_dir` (one resolve_reference returned, so of this run's method).
  /// Throws IoError naming the index when it cannot be opened, sketches differently from
  /// `sketcher` (other shingles, permutations, seed or features: its sketches would not be
  /// comparable) or stores shingle sets of other shingles than `run_shingles`.
  ReferenceMatcher(const std::string& index_dir, Sketcher& sketcher,
                   const ShingleSpec& run_shingles);
  ~ReferenceMatcher();

  /// Whether matches are decided by exact Jaccard on the index's stored shingle sets.
  bool exact() const;

  /// The index's metadata.
  const IndexMeta& index_meta() const;

  /// Looks up every non-empty document of `docs` by its sketch (NearDupIndex::candidates) and
  /// keeps, for those with candidates, only the closest few (so memory does not grow with the
  /// reference's clusters). Returns those documents, sorted: the ones whose records match()
  /// reads when exact().
  std::vector<DocId> find_candidates(const LocalDocs& docs);

  /// The match of every document find_candidates kept that has one under the index's rule
  /// (index_rule), sorted by document: its closest candidate by sketch that passes (see
  /// NearDupIndex::closest_match); when none of the kept ones passes, its candidates are
  /// looked up again in `docs`. When exact() each document's shingle set is read from
  /// `source`.
  std::vector<ReferenceMatch> match(const LocalDocs& docs, DocSource& source);

 private:
  // A document with reference candidates: the closest ones, and whether there were more.
  struct Looked {
    DocId doc = 0;
    std::vector<IndexCandidate> closest;
    bool more = false;
  };
  std::unique_ptr<NearDupIndex> index_;
  std::vector<Looked> looked_;
};

}  // namespace neardup
