// The spans job's report.html: the run's summary, the runs cut most often with their text,
// and documents shown before and after their cuts.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "io/report/html_report.hpp"

namespace neardup {

/// A run of text cut from many places, shown by its kept copy.
struct SpansReportRepeat {
  std::uint64_t copies = 0;  // cuts naming it (under --keep-occurrence none: naming it equal)
  std::uint64_t tokens = 0;
  std::string kept_id;            // the document holding the copy named
  std::uint32_t first_token = 0;  // where in it the copy starts, in tokens
  std::string text;               // the copy's bytes, cut for the page
  bool truncated = false;
};

/// A document with cuts, its text as read and the bytes cut from it.
struct SpansReportDocument {
  std::string id, location;
  std::string text;                                           // cut for the page (its first bytes)
  std::vector<std::pair<std::uint64_t, std::uint64_t>> cuts;  // [start, end) within `text`
  std::uint64_t text_bytes = 0;                               // of the whole text
  std::uint64_t bytes_cut = 0;                                // from the whole text
  bool removed = false;  // left out of deduped/ (too few tokens left)
  bool truncated = false;
};

/// Everything the spans page shows. Texts and ids are raw: the renderer escapes them.
struct SpansReport {
  HtmlReport run;  // the job, run, warnings and summary (report_header_html)
  std::vector<SpansReportRepeat> repeats;      // most copies first
  std::vector<SpansReportDocument> documents;  // most bytes cut first
};

/// The page: report_header_html, then the runs cut most often (copies, tokens, kept copy and
/// its text), then each document before (cut bytes struck through) and after its cuts.
std::string render_spans_report(const SpansReport& report);

}  // namespace neardup
