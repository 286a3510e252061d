// The run's report.html: one self-contained page (inline CSS and SVG, no script) of what a
// dedup run found, for a user to look at before deleting anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

/// A cluster, by the id of the document kept for it.
struct ReportCluster {
  std::string kept_id;
  std::uint64_t size = 0;  // documents, the kept one included
};

/// A kept document and one its cluster removed, shown side by side.
struct ReportSample {
  std::string kept_id, kept_text;
  std::string removed_id, removed_text;
  std::uint64_t cluster_size = 0;
  bool kept_truncated = false, removed_truncated = false;  // texts cut for the page
};

/// Everything report.html shows. Texts and ids are raw: the renderer escapes them.
struct HtmlReport {
  std::string job;                                             // minhash, simhash, exact
  std::string output;                                          // the output directory
  std::vector<std::string> inputs;                             // as given on the command line
  std::string parameters;                                      // JSON text, shown as it is
  std::vector<std::pair<std::string, std::uint64_t>> counts;   // read, kept, removed, ...
  std::vector<std::pair<std::string, std::uint64_t>> skipped;  // by reason, non-zero only
  std::vector<ReportStage> stages;
  double threshold = 0;                               // marked on the similarity axis
  std::string similarity_name;                        // what the pairs' similarity is
  TokenizerKind tokenizer = TokenizerKind::kUnicode;  // the samples' diff compares its tokens
  std::optional<ReportBanding> banding;               // minhash only
  std::string verification;                           // how pairs were checked, what it costs
  std::vector<std::uint64_t> similarity_histogram;    // verified pairs, equal bins over [0, 1]
  /// Clusters by size: (largest size in the bin, clusters); bins 2, 3-4, 5-8, ... (powers of 2).
  std::vector<std::pair<std::uint64_t, std::uint64_t>> cluster_sizes;
  std::vector<ReportCluster> largest;  // largest first
  std::vector<ReportSample> samples;
};

/// `text` with &, <, >, " and ' as character references: safe as HTML text or attribute value.
std::string html_escape(std::string_view text);

/// The words of `a` and `b` (word_pieces: split at whitespace, each character of an unspaced
/// script a word) marked by a longest common subsequence of words compared by their canonical
/// tokens under `tokenizer`, so case, punctuation and Unicode forms the dedup ignores are not
/// marked: each word of a that is not in it is "removed", each of b "added"; a word without
/// tokens (punctuation alone) is never marked. Returns HTML of both sides, escaped, changed
/// words wrapped in <mark>. Only the first `max_words` words of each side are compared (the
/// comparison takes max_words^2 steps); the rest are unmarked.
std::pair<std::string, std::string> word_diff_html(
    std::string_view a, std::string_view b, TokenizerKind tokenizer = TokenizerKind::kUnicode,
    std::size_t max_words = 600);

/// The whole page.
std::string render_html_report(const HtmlReport& report);

}  // namespace neardup
