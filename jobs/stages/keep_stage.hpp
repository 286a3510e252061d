// After the components, --keep: each cluster keeps the document its rule prefers (the longest,
// the shortest, the largest or smallest value of a field), chosen on the rank owning the
// cluster, the same for any rank count and split size.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/keep/keep_rule.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/components_stage.hpp"

namespace neardup {

/// What applying the keep rule found (the same on every rank).
struct KeepCounts {
  std::uint64_t moved = 0;          // clusters whose kept document is not their first one
  std::uint64_t without_value = 0;  // members whose field is missing, not a number or date
  std::string first_without_value;  // "path:line" of the first of those in input order, or ""
};

/// The keep rule's view of this rank's documents `docs`: each one's value (its text's length in
/// bytes, or the key of the JSON number or ISO 8601 date string at the rule's field in its
/// record: parse_keep_value), read through `source` (none for the input-order rule). Documents
/// without a value are counted in `missing`, the first in input order named in `first_missing`.
std::vector<KeepCandidate> keep_values(std::span<const DocId> docs, DocSource& source,
                                       const KeepRule& rule, std::uint64_t& missing,
                                       DocId& first_missing);

/// Collective: the count of documents without a value over every rank and the location of the
/// first of them in input order ("" when none), from each rank's (see keep_values).
std::string first_missing_location(MPI_Comm comm, DocSource& source, const OwnerFn& owner,
                                   std::uint64_t missing, DocId first_missing,
                                   std::uint64_t& total_missing);

/// Collective: sets every member's root (its cluster's first document, as connected_components
/// returns it) to the document `rule` keeps in that cluster (see kept_before). `members` are
/// this rank's, sorted by doc. A document's value is its text's length in bytes, or the JSON
/// number or ISO 8601 date at the rule's field in its record (parse_keep_value; any other
/// value, or none, counts in without_value), read through `source` on the document's owner;
/// each cluster is decided on owner(root). The input-order rule changes nothing and reads
/// nothing.
void apply_keep_rule(Exchanger& exchanger, std::vector<ClusterMember>& members, DocSource& source,
                     const OwnerFn& owner, const KeepRule& rule, KeepCounts& counts);

}  // namespace neardup
