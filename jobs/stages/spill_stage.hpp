// Compressed inputs cannot be read at an offset: the records of their documents that later
// stages re-read are copied once into a rank-local spill file.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/job_plan.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// Collective: the documents this rank owns that appear in any candidate pair (the first
/// documents of its own pairs and the second documents of every rank's pairs), sorted and
/// distinct, as spill_compressed_records needs them.
std::vector<DocId> candidate_documents(Exchanger& exchanger, std::span<const DocPair> pairs,
                                       const OwnerFn& owner);

/// Streams this rank's compressed splits (not the shared ones, whose records the sketch stage
/// kept) once more and writes the records of the `needed` documents (sorted, distinct) that
/// lie in them to `spill_path` (atomically), pointing their
/// docs.offsets at the copies, so DocSource reads them with one pread each. Returns the bytes
/// written. Throws IoError naming the path on write errors or when an input changed, and
/// std::logic_error, before reading anything, when `needed` is not sorted and distinct.
std::uint64_t spill_compressed_records(const JobPlan& plan, int rank, std::span<const DocId> needed,
                                       LocalDocs& docs, const std::string& spill_path,
                                       std::uint64_t max_record_bytes);

}  // namespace neardup
