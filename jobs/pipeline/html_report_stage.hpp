// report.html: the figures and samples a user looks at before deleting what a run removed,
// gathered from every rank and written by rank 0.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "io/report/html_report.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/verified_pair.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/pipeline/run_stats.hpp"
#include "jobs/stages/components_stage.hpp"

namespace neardup {

/// How many of the largest clusters the page lists, and how many of them it shows a pair of.
inline constexpr std::size_t kReportLargest = 20;
inline constexpr std::size_t kReportClusterSamples = 4;
/// How many hard cases (the verified pairs of lowest similarity) the page shows.
inline constexpr std::size_t kReportHardCases = 6;
/// Members of each listed cluster compared with its kept document, and the shingle hashes per
/// document those comparisons read (bottom-k sketches: exact up to this many shingles).
inline constexpr std::size_t kReportProbes = 16;
inline constexpr std::size_t kReportSketchHashes = 256;
/// A sample's text is cut to about this many bytes (at a UTF-8 boundary).
inline constexpr std::size_t kReportTextBytes = 3000;
/// Bins of the similarity histogram over [0, 1], and of its zoom around the threshold.
inline constexpr std::size_t kReportSimilarityBins = 50;
inline constexpr std::size_t kReportThresholdBins = 40;

/// The near misses greedy clustering recorded: failed checks just below the threshold.
struct RecordedNearMisses {
  std::uint64_t count = 0;                     // in the whole run
  std::span<const VerifiedPair> most_similar;  // rank 0's (top_near_misses), most similar first
};

/// What the report reads of a finished run: this rank's part.
struct ReportInputs {
  std::span<const VerifiedPair> verified;
  std::span<const ClusterMember> members;  // on owner(doc), sorted by doc
  std::span<const DocId> removed;          // on owner(doc), sorted: clusters' and --reference's
  std::optional<RecordedNearMisses> near_misses;  // none under --clusters components
  double threshold = 0;
};

/// Collective: on rank 0, the report's histograms of the verified pairs' similarities (over
/// [0, 1] and around the threshold), the clusters by size (bins 2, 3-4, 5-8, ...), the largest
/// clusters (each with the lowest similarity of its members to its kept document and its kept
/// document's overlap with up to kReportProbes members, those of lowest mixed id), the hard
/// cases (the verified pairs of lowest similarity, ties by documents), the near misses (their
/// count and the pairs given, in their order) and a pair of each of the first largest clusters
/// (its kept document and the verified pair partner least similar to it), with ids, locations
/// and texts fetched from their owners. A cluster's kept document is its members' `root`,
/// whichever rule chose it. Every choice is made by document ids and similarities, never by
/// rank, so the page is the same for any rank count whenever the verified pairs are. Other
/// ranks get an empty report. The page stays the same size however big the run: it never
/// lists every document.
HtmlReport gather_html_report(Exchanger& exchanger, const ReportInputs& run, DocSource& source,
                              const OwnerFn& owner);

/// How many host pairs (--host-field) the page lists.
inline constexpr std::size_t kReportMirrors = 20;

/// Collective: on rank 0, the kReportMirrors rows of every rank's `rows` (its hosts/ rows) with
/// the most shared documents (more_shared); empty on other ranks.
std::vector<MirrorRow> gather_top_mirrors(Exchanger& exchanger, std::span<const MirrorRow> rows);

/// Adds what every rank knows of the run to `page`: the job, version, command line, the time
/// now, inputs, parameters, counts, skips by reason, time per stage and the method's
/// similarity axis.
void describe_run(HtmlReport& page, const RunReport& report);

}  // namespace neardup
