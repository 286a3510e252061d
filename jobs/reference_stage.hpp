// Deduplication against an earlier corpus: this run's documents looked up in a persistent
// index of it (neardup index build, or one built here from an earlier run's deduped/), each
// match naming the earlier document.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "core/doc_id.hpp"
#include "jobs/dedup_method.hpp"
#include "jobs/local_docs.hpp"
#include "jobs/sketch_stage.hpp"

namespace neardup {

/// A document of this run that duplicates a document of the reference corpus.
struct ReferenceMatch {
  DocId doc = 0;
  std::string reference_id;  // the earlier document's id, as indexed
  double similarity = 0;     // the index's similarity (minhash estimate; simhash 1 - d/64)
};

/// Collective: the index that --reference PATH means. PATH itself when it is an index
/// (index.meta; built by the same method, else an error); when it is an earlier run's output
/// directory (stats.json) with deduped/, an index of those kept documents built here, with
/// this run's document and sketch flags, in `scratch_dir` (replaced). Throws JobError on every
/// rank, naming PATH, for anything else: no such directory, an output without deduped/, an
/// exact run (no index exists for it).
std::string resolve_reference(MPI_Comm comm, const JobOptions& options, const DedupMethod& method,
                              const std::string& scratch_dir);

/// Opens the index at `index_dir` (one resolve_reference returned, so of this run's method)
/// and returns, sorted by document, the best indexed match of every non-empty document in
/// `docs` (the closest; ties to the smaller id), under the index's own rule (minhash: sharing a
/// band and verified by the estimate; simhash: within k bits). Throws IoError naming the index
/// when it cannot be opened or sketches differently from `sketcher` (other shingles,
/// permutations, seed or features): its sketches would not be comparable.
std::vector<ReferenceMatch> match_reference(const std::string& index_dir, Sketcher& sketcher,
                                            const LocalDocs& docs);

}  // namespace neardup
