// The run's report.html: one self-contained page (inline CSS and SVG, no script) of what a
// dedup run found, for a user to look at before deleting anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/hosts/host_pairs.hpp"
#include "core/text/tokenizer_choice.hpp"

namespace neardup {

/// A stage's seconds across ranks.
struct ReportStage {
  std::string name;
  double min = 0, avg = 0, max = 0;
};

/// LSH banding, drawn as its S-curve P(candidate | similarity) = 1 - (1 - s^rows)^bands.
struct ReportBanding {
  unsigned bands = 0;
  unsigned rows = 0;
};

/// Verified pairs by similarity: equal bins over [from, to].
struct ReportHistogram {
  double from = 0, to = 1;
  std::vector<std::uint64_t> bins;

  /// Counts `value` in its bin when from <= value <= to (to itself falls in the last bin).
  void add(double value);
};

/// `bins` empty bins over [0, 1].
ReportHistogram whole_range_histogram(std::size_t bins);

/// `bins` empty bins over the window the page zooms into: from 0.05 below `threshold` to 0.15
/// above it, moved to lie within [0, 1].
ReportHistogram threshold_window_histogram(double threshold, std::size_t bins);

/// One document of a sample pair.
struct ReportDocument {
  std::string id;
  std::string location;  // path:line
  std::string text;      // cut for the page
  bool kept = false;     // its cluster keeps it (otherwise it was removed)
  bool truncated = false;
};

/// Two documents found to be duplicates, side by side, with their similarity.
struct ReportSample {
  ReportDocument left, right;      // the kept one on the left when either is kept
  double similarity = 0;           // the pair's, as verified
  std::uint64_t cluster_size = 0;  // documents in their cluster; 0 when not known
};

/// A member of a cluster compared with the document the cluster keeps.
struct ReportOverlap {
  std::string id, location;
  double jaccard = 0;  // of their shingle sets, estimated from bottom-k sketches
};

/// A cluster, by the document kept for it (not necessarily its first: see --keep).
struct ReportCluster {
  std::string kept_id, kept_location;
  std::uint64_t size = 0;  // documents, the kept one included
  /// Of the members compared with the kept document, the one whose shingles overlap its
  /// least; empty when none was compared.
  std::optional<ReportOverlap> least_overlap;
  std::uint64_t compared = 0;  // members compared
  /// The lowest similarity of its removed members to the kept document, as the clustering
  /// checked them; empty when it did not check them all (--clusters components).
  std::optional<double> lowest_similarity;
};

/// Near misses: checks that failed with a similarity just below the threshold, in
/// [threshold - 0.1, threshold), what a lower --threshold would add.
struct ReportNearMisses {
  bool recorded = false;            // only greedy clustering records them
  std::uint64_t count = 0;          // in the whole run
  std::vector<ReportSample> pairs;  // the most similar, most similar first; left: the first doc
};

/// How many of the near misses listed the page shows side by side, with their texts.
inline constexpr std::size_t kReportNearMissTexts = 4;

/// Everything report.html shows. Texts and ids are raw: the renderer escapes them.
struct HtmlReport {
  std::string job;                                             // minhash, simhash, exact
  std::string output;                                          // the output directory
  std::string version;                                         // neardup's
  std::string command_line;                                    // as a shell would retype it
  std::string generated;                                       // when the page was written
  int ranks = 1;                                               // MPI processes
  std::vector<std::string> inputs;                             // as given on the command line
  std::string parameters;                                      // JSON text, shown as it is
  std::vector<std::pair<std::string, std::uint64_t>> counts;   // read, kept, removed, ...
  std::vector<std::pair<std::string, std::uint64_t>> skipped;  // by reason, non-zero only
  std::uint64_t docs_read = 0, docs_skipped = 0;               // records read, skipped
  std::uint64_t duplicate_ids = 0;  // documents repeating an earlier document's id
  std::vector<ReportStage> stages;
  double threshold = 0;                               // marked on the similarity axis
  std::string similarity_name;                        // what the pairs' similarity is
  TokenizerKind tokenizer = TokenizerKind::kUnicode;  // the samples' diff compares its tokens
  std::optional<ReportBanding> banding;               // minhash only
  std::string verification;                           // how pairs were checked, what it costs
  ReportHistogram similarity_histogram;               // verified pairs over [0, 1]
  ReportHistogram threshold_histogram;                // verified pairs around the threshold
  /// Clusters by size: (largest size in the bin, clusters); bins 2, 3-4, 5-8, ... (powers of 2).
  std::vector<std::pair<std::uint64_t, std::uint64_t>> cluster_sizes;
  std::vector<ReportCluster> largest;         // largest first
  std::vector<ReportSample> hard_cases;       // the pairs of lowest similarity, lowest first
  ReportNearMisses near_misses;               // the pairs just below the threshold
  std::vector<ReportSample> cluster_samples;  // the largest clusters' kept documents
  bool hosts = false;                         // --host-field: the page lists mirrors
  std::vector<MirrorRow> mirrors;             // the most shared host pairs, most first
};

/// Clusters smaller than this are never a hazard for their size alone (in a small corpus any
/// pair is over 1%).
inline constexpr std::uint64_t kHazardClusterSize = 10;

/// What the page warns about, one sentence each, most important first: a cluster of at least
/// kHazardClusterSize documents holding over 1% of the documents (records read minus those
/// skipped); more than 10% of the records read skipped; a cluster whose kept document shares
/// less than min(0.2, threshold / 2) of its shingles with a member (they are joined through
/// other documents, or by fingerprints alone); documents repeating an id.
std::vector<std::string> report_hazards(const HtmlReport& report);

/// The start of a job's page: the HTML head and style, the run (version, time, ranks, command
/// line), the warnings (report_hazards) and the summary (counts, skips by reason, inputs,
/// parameters, time per stage). A page goes on with its own sections and closes the body.
std::string report_header_html(const HtmlReport& report);

/// The time now, as pages show when they were written ("2026-11-28 03:40:00 UTC").
std::string report_time_now();

/// `text` with &, <, >, " and ' as character references: safe as HTML text or attribute value.
/// Each byte outside well-formed UTF-8 and each control character other than tab, line feed
/// and carriage return becomes U+FFFD, so the page is valid UTF-8 whatever the documents hold.
std::string html_escape(std::string_view text);

/// The texts `a` and `b`, escaped, with what differs once normalized marked: both are cut into
/// the canonical tokens the dedup compares (`tokenizer`: case, punctuation and Unicode forms
/// it ignores never differ), a longest common subsequence of the tokens is found, and each
/// word (word_pieces: split at whitespace, each character of an unspaced script a word) that
/// holds a token outside it is wrapped in <mark class="del"> (in a) or <mark class="ins">
/// (in b). Everything else, whitespace and newlines included, is shown as it is. Only the
/// first `max_tokens` tokens of each side are compared (max_tokens^2 steps); the rest are
/// unmarked.
std::pair<std::string, std::string> word_diff_html(
    std::string_view a, std::string_view b, TokenizerKind tokenizer = TokenizerKind::kUnicode,
    std::size_t max_tokens = 600);

/// Ids and locations up to this many bytes are shown whole; longer ones are cut (report_name).
inline constexpr std::size_t kReportNameBytes = 200;

/// A document's id or location as the page shows it: `name` itself when it has at most
/// kReportNameBytes bytes; otherwise its first 120 and last 20 bytes (cut at UTF-8 character
/// boundaries) around "…", then " [N bytes, xxh3 H]": its full length and the 16 hex digits
/// of its 64-bit XXH3, so that long ids sharing a beginning and an end still read apart and
/// each can be matched with clusters/. The cut form has fewer than kReportNameBytes bytes, so
/// cutting again leaves it as it is.
std::string report_name(std::string_view name);

/// The whole page.
std::string render_html_report(const HtmlReport& report);

}  // namespace neardup
