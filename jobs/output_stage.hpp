// Stage 7, write: cluster shards, verified pairs and the deduplicated corpus, each part written
// atomically by the rank that owns its documents.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "jobs/components.hpp"
#include "jobs/doc_fetch.hpp"
#include "jobs/doc_source.hpp"
#include "jobs/exchange.hpp"
#include "jobs/verify_stage.hpp"

namespace neardup {

/// Collective: writes DIR/clusters/part-RANK.tsv with "id<TAB>cluster<TAB>keep" for every
/// member this rank owns (sorted by document), where cluster is the id of the kept document.
/// Ids of other ranks' documents are fetched from their owners in bounded rounds.
void write_clusters(Exchanger& exchanger, std::span<const ClusterMember> members, DocSource& source,
                    const OwnerFn& owner, const std::string& dir);

/// Collective: writes DIR/pairs/part-RANK.tsv with "id_a<TAB>id_b<TAB>similarity" for every
/// verified pair this rank holds, in (a, b) order.
void write_pairs(Exchanger& exchanger, std::span<const VerifiedPair> pairs, DocSource& source,
                 const OwnerFn& owner, const std::string& dir);

/// Writes DIR/deduped/part-SPLIT.jsonl for every split this rank owns: the original lines of
/// the documents that are not removed, byte for byte, in input order. `removed` is sorted.
/// Returns the number of lines written.
std::uint64_t write_deduped(const JobPlan& plan, int rank, const LocalDocs& docs,
                            std::span<const DocId> removed, const std::string& dir);

}  // namespace neardup
