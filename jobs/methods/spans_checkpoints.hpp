// The spans job's stage results as checkpoint records: the search's facts (anchors and runs of
// windows in one record type) and the confirmed cuts (their kept copies' ids fetched again).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "core/doc_id.hpp"
#include "jobs/checkpoint/run_manifest.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/spans/span_cuts_stage.hpp"
#include "jobs/spans/span_facts_stage.hpp"

namespace neardup {

/// How the spans stages' records are laid out and what they mean (the search's facts, the
/// cuts): in the parameters a --resume must match, so a checkpoint of another layout or search
/// is refused. 2: the facts as SavedFact, packed (1 padded them to 48 bytes), the cuts as
/// SavedCut.
inline constexpr std::uint32_t kSpansCheckpointVersion = 2;

/// A fact of the "facts" stage: the search's FactRecord, streamed to its part.
using SavedFact = FactRecord;

/// A cut of the "cuts" stage, streamed to its part as confirmed (its equal document's id is
/// fetched when spans/ is written).
using SavedCut = ConfirmedCut;

// The record sizes docs/operations.md gives; a change of layout is a change of
// kSpansCheckpointVersion. (SavedCut's padding bytes are written as they are: a part's checksum
// covers them, and nothing reads them.)
static_assert(sizeof(SavedFact) == 33 && sizeof(SavedCut) == 72);
static_assert(std::is_trivially_copyable_v<SavedCut>);

/// Orders saved cuts by document, then first token (the order confirm_cuts gives).
bool saved_cut_less(const SavedCut& a, const SavedCut& b);

/// The search's and the cut's counts summed over every rank, as a manifest keeps them
/// (collective), and back: rank 0 takes the sums and the largest repeats, the other ranks
/// zeros, so that stats.json's sums are those of the run that saved them.
std::vector<NamedCount> saved_search_counts(MPI_Comm comm, const SpanSearchCounts& counts);
SpanSearchCounts search_counts_of(const std::vector<NamedCount>& saved, int rank);
std::vector<NamedCount> saved_cut_counts(MPI_Comm comm, const SpanCutCounts& counts);
SpanCutCounts cut_counts_of(const std::vector<NamedCount>& saved, int rank);

}  // namespace neardup
