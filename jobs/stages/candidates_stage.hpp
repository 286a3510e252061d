// Stages 3 and 4, shuffle and candidates: band tuples go to the rank owning their key, equal
// keys are grouped, and the candidate pairs they give go to the rank owning their first doc.
#pragma once

#include <cstdint>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "core/lsh/lsh_params.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/candidate_graph.hpp"

namespace neardup {

/// Counts from the candidate stage (this rank's share).
struct CandidateCounts {
  std::uint64_t band_tuples = 0;      // tuples this rank received
  std::uint64_t raw_pairs = 0;        // pairs emitted before de-duplication
  std::uint64_t candidate_pairs = 0;  // distinct pairs this rank owns
  std::uint64_t capped_buckets = 0;   // buckets larger than max_all_pairs
  double shuffle_seconds = 0;         // time moving tuples and pairs
};

/// Collective: bands every local document with shingles, a group of bands at a time (one band,
/// or with many ranks and few documents each, enough that a rank sends each other rank ~64 KiB,
/// within `round_bytes` on the most loaded rank), shuffles the (key, doc) tuples to
/// rank key mod P in bounded rounds, sorts and groups them, and returns the distinct candidate
/// pairs (a < b) that this rank owns (owner(a)), sorted (emit_candidate_pairs). With `groups`,
/// the members of every bucket over max_all_pairs are appended there, keyed by band key.
std::vector<DocPair> find_candidates(Exchanger& exchanger, const LocalDocs& docs, BandLayout layout,
                                     std::size_t max_all_pairs, std::size_t round_bytes,
                                     const OwnerFn& owner, CandidateCounts& counts,
                                     std::vector<GroupedDoc>* groups = nullptr);

}  // namespace neardup
