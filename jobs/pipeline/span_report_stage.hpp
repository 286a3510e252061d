// The spans job's report.html: the runs cut most often and the documents that lost the most
// bytes, chosen across ranks and gathered on rank 0.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>

#include "io/read/file_records.hpp"
#include "io/report/spans_report.hpp"
#include "jobs/spans/equal_ids.hpp"
#include "jobs/spans/span_cuts_stage.hpp"

namespace neardup {

/// How many repeats and documents the page shows, and about how many bytes of a text.
inline constexpr std::size_t kSpansReportRepeats = 20;
inline constexpr std::size_t kSpansReportDocuments = 6;
inline constexpr std::size_t kSpansReportTextBytes = 3000;

/// How the report reads this rank's documents.
struct SpansReportSource {
  LocatedOf located_of;                           // text, tokens and their bytes
  IdOf id_of;                                     // as spans/ names it
  std::function<std::string(DocId)> location_of;  // path:line
};

/// Collective: on rank 0, the page's repeats (the kept copies the most cuts name, counted on
/// the copy's owner from batches of cuts of `rounds`' bytes, gathered there as SortedRuns in
/// `rounds`' scratch; ties by id and place) and documents (the most bytes cut, ties by id,
/// `removed` saying which deduped/ left out), with texts read by their owners; empty on the
/// other ranks. `cuts` (a file of ConfirmedCut, read twice) are this rank's, sorted by
/// document; `removed` is sorted. Every choice is made by counts, ids and places, never by
/// rank, so the page is the same for any rank count.
SpansReport gather_spans_report(Exchanger& exchanger, const RecordsInFile& cuts,
                                std::span<const DocId> removed, const SpansReportSource& source,
                                const OwnerFn& owner, const SearchRounds& rounds);

}  // namespace neardup
