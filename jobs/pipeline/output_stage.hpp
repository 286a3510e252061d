// Stage 7, write: cluster shards, verified pairs and the deduplicated corpus, each part written
// atomically by the rank that owns its documents.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/split_lines.hpp"
#include "jobs/documents/verified_pair.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/pipeline/reference_stage.hpp"
#include "jobs/stages/components_stage.hpp"
#include "jobs/stages/mirror_hosts.hpp"

namespace neardup {

/// Collective: writes DIR/clusters/part-RANK.tsv with "id<TAB>cluster<TAB>keep<TAB>similarity"
/// for every member this rank owns (sorted by document), where cluster is the id of the kept
/// document and similarity the member's to it (six decimals; 1 for the kept document itself;
/// empty when not checked: transitive components).
/// Ids of other ranks' documents are fetched from their owners in bounded rounds.
void write_clusters(Exchanger& exchanger, std::span<const ClusterMember> members, DocSource& source,
                    const OwnerFn& owner, const std::string& dir);

/// Collective: writes DIR/pairs/part-RANK.tsv with "id_a<TAB>id_b<TAB>similarity" for every
/// verified pair this rank holds, in (a, b) order.
void write_pairs(Exchanger& exchanger, std::span<const VerifiedPair> pairs, DocSource& source,
                 const OwnerFn& owner, const std::string& dir);

/// Writes DIR/hosts/part-RANK.tsv with "host_a<TAB>host_b<TAB>shared_docs<TAB>docs_a<TAB>
/// docs_b<TAB>share" (mirror_row_line) for every host pair this rank owns, in `rows` order.
void write_hosts(int rank, std::span<const MirrorRow> rows, const std::string& dir);

/// Rank 0 (which holds every file's name): the text files' splits whose deduped/ part takes
/// ".SPLIT" after its name (deduped_part_name) because an earlier text file's safe relative
/// path (contained_relative_path) is the same, ascending.
std::vector<std::uint32_t> clashing_text_parts(const JobPlan& plan);

/// The name of split `s`'s part under deduped/, the same on every rank: part-SPLIT with the
/// input's extension (.jsonl, .jsonl.gz, .jsonl.zst), or for a text file its relative path
/// made safe (contained_relative_path), with ".SPLIT" appended when `s` is in `clashing`
/// (clashing_text_parts). The split's file must be named on this rank.
std::string deduped_part_name(const JobPlan& plan, std::uint32_t s,
                              std::span<const std::uint32_t> clashing);

/// What write_deduped needs for the shared splits a rank reads (JobPlan::shared), whose
/// documents other ranks own: the lines not to write (skipped or removed, from every rank;
/// sorted) and the shared splits' line counts.
struct SharedDeduped {
  std::span<const DocId> dropped;
  const SplitLines& lines;
};

/// Collective: the lines the readers of shared splits must leave out of deduped/
/// (SharedDeduped::dropped), sorted: every rank's `skipped` lines of shared splits and
/// `removed` documents of shared splits, each sent to its split's reader. Empty, and no
/// exchange, when the plan shares no split.
std::vector<DocId> shared_dropped_lines(Exchanger& exchanger, const JobPlan& plan,
                                        std::span<const DocId> skipped,
                                        std::span<const DocId> removed);

/// Collective: clashing_text_parts of `plan`, found by rank 0 (which holds every file's
/// name) and given to every rank (errors agreed on).
std::vector<std::uint32_t> agreed_clashing_text_parts(MPI_Comm comm, const JobPlan& plan);

/// How a job that edits documents (spans) changes a kept record before deduped/ gets it:
/// called with the document and its original record, it returns the record to write instead,
/// or nothing to write it unchanged.
using RecordRewrite = std::function<std::optional<std::string>(DocId, std::string_view record)>;

/// Writes DIR/deduped/NAME (deduped_part_name, with `clashing`) for every split this rank owns
/// (reads, for a shared split), in the input's format and compression: the original records of the
/// documents that are not removed, byte for byte, in input order. `removed` is sorted. Returns
/// the records written. With `rewrite`, a kept record is written as it says. Throws IoError
/// naming the file when a split no longer has the content the sketch read (`read`: this
/// rank's counts of the splits it read).
std::uint64_t write_deduped(const JobPlan& plan, int rank, const LocalDocs& docs,
                            const SplitTallies& read, std::span<const DocId> removed,
                            const SharedDeduped& shared, std::span<const std::uint32_t> clashing,
                            const std::string& dir, std::uint64_t max_record_bytes,
                            const RecordRewrite& rewrite = {});

/// The format of removed/ parts: the inputs' compression (plain, gzip or zstd JSON Lines; a
/// text input counts as plain), or when they mix, the one that holds the most input bytes on
/// disk (ties go to plain, then zstd). A removed/ part holds documents of any input, so it
/// takes one compression for all, the same on every rank.
InputFormat removed_part_format(const JobPlan& plan);

/// Collective: writes DIR/removed/part-RANK.jsonl (.jsonl.gz, .jsonl.zst: compressed as
/// `format` says, see removed_part_format) with one JSON object per removed document
/// this rank owns: {"id", "location" (path:line), "cluster" and "kept" (the id of the document
/// kept in its place), "kept_location", "similarity" (to the kept document; null when not
/// checked: transitive components), and the original record: "original" (a string) when
/// it is valid UTF-8, else "original_base64" (its bytes in base64), so every row is valid JSON
/// and the record can be restored byte for byte}. Ids and locations are JSON-escaped
/// (json_escape: invalid UTF-8 in them becomes U+FFFD). A
/// document the reference corpus has (`references`, sorted by document, this rank's) is
/// listed once, with "kept" the reference document's id, "kept_location" "reference" and its
/// "similarity".
void write_removed(Exchanger& exchanger, std::span<const ClusterMember> members,
                   std::span<const ReferenceMatch> references, DocSource& source,
                   const OwnerFn& owner, const std::string& dir, InputFormat format);

/// Writes DIR/reference/part-RANK.tsv: "id<TAB>reference_id<TAB>similarity" for every
/// document of this rank the reference corpus has (`references`, sorted by document).
void write_reference_matches(int rank, std::span<const ReferenceMatch> references,
                             DocSource& source, const std::string& dir);

}  // namespace neardup
