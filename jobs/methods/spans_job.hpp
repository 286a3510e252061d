// The spans job: text repeated inside documents (exact runs of at least --min-tokens
// canonical tokens found elsewhere in the corpus) cut from all but its first occurrence.
#pragma once

#include <mpi.h>

#include <cstdint>

#include "jobs/options/spans_options.hpp"

namespace neardup {

/// What a spans run counted, over every rank (stats.json has each).
struct SpansSummary {
  std::uint64_t docs_read = 0;
  std::uint64_t docs_skipped = 0;
  std::uint64_t docs_cut = 0;      // documents that lost at least one run
  std::uint64_t docs_removed = 0;  // of them, left with fewer than --min-doc-tokens tokens
  std::uint64_t cuts = 0;          // confirmed cuts (rows of spans/)
  std::uint64_t tokens_cut = 0;
  std::uint64_t bytes_cut = 0;
  std::uint64_t cuts_refused = 0;   // proposed by the fingerprints, refused by the tokens
  std::uint64_t search_rounds = 0;  // rounds of the search's exchanges (0: facts or cuts loaded)
  std::uint64_t search_bytes_spilled = 0;  // what the search kept in scratch files, all ranks
  std::uint64_t cut_rounds = 0;            // rounds the confirmation took (0: the cuts were loaded)
  std::uint64_t unlocated_docs = 0;
  std::uint64_t bytes_shuffled = 0;
};

/// Collective over `comm`: validates the options and runs `neardup spans`. Writes
/// OUTPUT/spans/part-RANK.tsv (each cut of this rank's documents, by document: id,
/// byte_start, byte_end, tokens, kept_in_id, kept_byte_start; bytes of the text field, the
/// kept columns empty under --keep-occurrence none), OUTPUT/deduped/ (every document's record
/// with its text field rewritten without its cuts, every other byte as read; a document left
/// with fewer than --min-doc-tokens tokens left out), stats.json and _SUCCESS last. Throws
/// JobError on every rank for problems all ranks agree on; other failures throw on the
/// failing rank only (the caller aborts the communicator).
SpansSummary run_spans(MPI_Comm comm, const SpansOptions& options);

}  // namespace neardup
