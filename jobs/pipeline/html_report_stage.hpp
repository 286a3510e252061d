// report.html: the figures and samples a user looks at before deleting what a run removed,
// gathered from every rank and written by rank 0.
#pragma once

#include <span>
#include <string>

#include "io/html_report.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/verified_pair.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/pipeline/run_stats.hpp"
#include "jobs/stages/components_stage.hpp"

namespace neardup {

/// How many of the largest clusters, and how many sample clusters, the page shows.
inline constexpr std::size_t kReportLargest = 20;
inline constexpr std::size_t kReportSamples = 8;
/// A sample's text is cut to about this many bytes (at a UTF-8 boundary).
inline constexpr std::size_t kReportTextBytes = 3000;
/// Bins of the similarity histogram over [0, 1].
inline constexpr std::size_t kReportSimilarityBins = 50;

/// Collective: on rank 0, the report's histogram of the verified pairs' similarities, the
/// clusters by size (bins 2, 3-4, 5-8, ...), the largest clusters and a fixed sample of
/// clusters (those whose kept document's id mixes lowest, each with the first removed
/// document), with ids and texts fetched from their owners. `verified` and `members` are this
/// rank's (members on owner(doc)). Other ranks get an empty report. The page stays the same size
/// however big the run: it never lists every document.
HtmlReport gather_html_report(Exchanger& exchanger, std::span<const VerifiedPair> verified,
                              std::span<const ClusterMember> members, DocSource& source,
                              const OwnerFn& owner);

/// Adds what every rank knows of the run to `page`: the job, inputs, parameters, counts, skips
/// by reason, time per stage and the method's similarity axis.
void describe_run(HtmlReport& page, const RunReport& report);

}  // namespace neardup
