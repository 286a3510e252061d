// The spans page rendered: shared header, a table of repeats, documents before and after.
#include "io/report/spans_report.hpp"

namespace neardup {
namespace {

std::string repeats_html(const SpansReport& r) {
  std::string html =
      "<h2>Runs cut most often</h2>\n<p class=\"note\">Each run's copy that stays (under "
      "--keep-occurrence none: the copy the cuts were found equal to), and how many places it "
      "was cut from.</p>\n";
  if (r.repeats.empty()) return html + "<p>None: nothing was cut.</p>\n";
  html +=
      "<table id=\"repeats\"><tr><th class=\"n\">copies cut</th><th class=\"n\">tokens</th>"
      "<th>kept in</th><th>text</th></tr>";
  for (const SpansReportRepeat& repeat : r.repeats) {
    html += "<tr><td class=\"n\">" + std::to_string(repeat.copies) + "</td><td class=\"n\">" +
            std::to_string(repeat.tokens) + "</td><td>" + html_escape(report_name(repeat.kept_id)) +
            "</td><td><pre>" + html_escape(repeat.text) + (repeat.truncated ? " [...]" : "") +
            "</pre></td></tr>";
  }
  return html + "</table>\n";
}

// The text with each cut's bytes in <del>, and the text without them.
std::pair<std::string, std::string> before_after(const SpansReportDocument& d) {
  std::string before, after;
  std::uint64_t at = 0;
  for (const auto& [start, end] : d.cuts) {
    const std::string_view kept = std::string_view(d.text).substr(at, start - at);
    before += html_escape(kept);
    after += html_escape(kept);
    before += "<del>" + html_escape(std::string_view(d.text).substr(start, end - start)) + "</del>";
    at = end;
  }
  before += html_escape(std::string_view(d.text).substr(at));
  after += html_escape(std::string_view(d.text).substr(at));
  const std::string more = d.truncated ? "\n[...]" : "";
  return {before + more, after + more};
}

std::string documents_html(const SpansReport& r) {
  std::string html =
      "<h2>Documents before and after</h2>\n<p class=\"note\">The documents that lost the "
      "most bytes; struck through: what was cut.</p>\n";
  for (const SpansReportDocument& d : r.documents) {
    const auto [before, after] = before_after(d);
    const std::string heading = html_escape(report_name(d.id)) + " <span class=\"loc\">" +
                                html_escape(report_name(d.location)) + "</span>";
    html += "<div class=\"pair spans\"><div class=\"doc\"><h3>" + heading + ": before, " +
            std::to_string(d.text_bytes) + " bytes</h3>" + before +
            "</div><div class=\"doc\"><h3>after: " + std::to_string(d.bytes_cut) + " bytes cut" +
            (d.removed ? ", then removed whole (too few tokens left)" : "") + "</h3>" + after +
            "</div></div>\n";
  }
  return html;
}

}  // namespace

std::string render_spans_report(const SpansReport& report) {
  return report_header_html(report.run) + repeats_html(report) + documents_html(report) +
         "</body></html>\n";
}

}  // namespace neardup
