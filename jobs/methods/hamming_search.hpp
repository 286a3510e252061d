// The distributed SimHash pair search: every pair of fingerprints within k bits, found with
// Manku et al.'s permuted tables, one table per exchange, each pair reported once.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/doc_id.hpp"
#include "core/tables/permuted_tables.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/candidate_graph.hpp"

namespace neardup {

/// A document's 64-bit fingerprint.
struct FingerprintDoc {
  std::uint64_t fingerprint;
  DocId doc;
};

/// Two documents (a < b) whose fingerprints differ in `distance` bits.
struct HammingPair {
  DocId a;
  DocId b;
  std::uint32_t distance;
  friend bool operator<(const HammingPair& x, const HammingPair& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  }
  friend bool operator==(const HammingPair&, const HammingPair&) = default;
};

/// Bounds that keep the work per group of a table linear where the data would make it
/// quadratic (many documents with one fingerprint, or a key shared by thousands of distinct
/// fingerprints, e.g. boilerplate pages).
struct HammingSearchLimits {
  std::size_t max_run = 200;     // documents sharing a fingerprint: up to this many give all
                                 // pairs, more give a star from the first (spanning, not all)
  std::size_t max_group = 4096;  // distinct fingerprints in one group compared all-pairs; a
                                 // larger group compares each with its next max_group only
};

/// What the search did, this rank's share.
struct HammingSearchCounts {
  std::uint64_t tuples = 0;            // (table, key) tuples this rank received
  std::uint64_t comparisons = 0;       // fingerprint pairs compared
  std::uint64_t capped_runs = 0;       // fingerprint runs (or run pairs) given spanning edges
  std::uint64_t oversized_groups = 0;  // groups over max_group (pairs may be missed there)
  std::uint64_t largest_group = 0;     // distinct fingerprints in the largest group
};

/// Collective: all pairs of `docs` (every rank's) whose fingerprints are within
/// design.max_distance bits, distance 0 included, each reported once (in the first table, in
/// combination order, whose key blocks both share), except where `limits` cap them. For each
/// table, (key, fingerprint, doc) tuples go to the rank owning the key; groups of equal keys
/// are compared by popcount. Returns the pairs on rank owner(a), sorted by (a, b). With
/// `groups`, what a cap left unpaired is appended there as groups whose every two members are
/// within the distance: a run of more than max_run documents sharing a fingerprint, and such a
/// run together with a run within the distance of it.
std::vector<HammingPair> find_hamming_pairs(Exchanger& exchanger,
                                            std::span<const FingerprintDoc> docs,
                                            const TableDesign& design,
                                            const HammingSearchLimits& limits, const OwnerFn& owner,
                                            HammingSearchCounts& counts,
                                            std::vector<GroupedDoc>* groups = nullptr);

}  // namespace neardup
