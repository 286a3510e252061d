// The spans job's search for --unit line and --unit paragraph: each unit's canonical tokens
// hashed and grouped on the rank owning the hash, one shuffle there and one back per round of
// hash buckets.
#pragma once

#include <cstdint>
#include <span>

#include "core/spans/span_spec.hpp"
#include "jobs/spans/span_cuts_stage.hpp"
#include "jobs/spans/span_facts_stage.hpp"

namespace neardup {

/// Collective: the facts of the repeated units of `docs` (this rank's documents, ascending),
/// given to `facts` in fact_record_less order once the search is done (one window a run, anchor
/// and token: the unit's first; gathered as SortedRuns, as find_span_facts's). Each document is
/// read with `located_of` and cut into units (text_units); each unit's hash (XXH3 of its canonical
/// tokens, ANDed with `mask`) goes to the rank owning it, which groups equal hashes: a group found
/// in at least spec.min_docs documents is repeated (window_facts). A document whose tokens' bytes
/// are unknown has no units. The units go in rounds of hash buckets (`rounds`, as
/// find_span_facts's). Counts into counts.anchors (units sent), repeated, rounds and spilled_bytes.
void find_unit_facts(Exchanger& exchanger, std::span<const DocId> docs, const LocatedOf& located_of,
                     const SpanSpec& spec, std::uint64_t mask, const OwnerFn& owner,
                     const SearchRounds& rounds, const FactSink& facts, SpanSearchCounts& counts);

/// The cuts of units (--unit line or paragraph): text_units, cut_units under spec.keep, each
/// cut taking its unit's bytes.
DocumentCuts unit_cuts(const SpanSpec& spec);

}  // namespace neardup
