// The sketch filter: candidates whose MinHash signatures agree too little to pass the exact
// check are dropped before it, so their shingle sets are never made.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/mpi/exchange.hpp"

namespace neardup {

/// Collective: this rank's `candidates` (sorted by (a, b)) whose signatures agree on at least
/// `cut` entries, in order. Signatures of other ranks' documents are fetched from their owners
/// in rounds of at most `round_bytes` of signatures (every rank takes part in each round).
std::vector<DocPair> sketch_filter(Exchanger& exchanger, const LocalDocs& docs,
                                   const OwnerFn& owner, std::span<const DocPair> candidates,
                                   unsigned cut, std::uint64_t round_bytes);

}  // namespace neardup
