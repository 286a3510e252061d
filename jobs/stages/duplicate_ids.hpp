// Documents that share an id: found by shuffling id hashes to their owners, then reported.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "jobs/documents/document_source.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// A document whose id was already the id of an earlier document.
struct IdRepeat {
  DocId earlier = 0;
  DocId later = 0;
};

/// Documents whose id equals the id of an earlier document (by 128-bit hash).
struct DuplicateIds {
  std::uint64_t count = 0;         // every rank: documents repeating an id
  std::vector<IdRepeat> examples;  // rank 0: (earlier, later), by later
};

/// Collective: sends each key to the rank owning its hash (freeing `keys` once they are packed),
/// counts the documents whose id was seen on an earlier document, and gathers the first
/// `max_examples` on rank 0. The documents stay apart: duplicates are reported, never merged.
DuplicateIds find_duplicate_ids(Exchanger& exchanger, std::vector<IdKey>&& keys,
                                std::size_t max_examples);

/// Rank 0: logs how many documents repeat an earlier document's id, with the examples' places.
void log_duplicate_ids(const DuplicateIds& duplicates, const DocSource& source);

}  // namespace neardup
