// The run's report.html: one self-contained page (inline CSS and SVG, no script) of what a
// dedup run found, for a user to look at before deleting anything.
#include "io/report/html_report.hpp"

#include <xxhash.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <span>

#include "core/text/unicode_tokenizer.hpp"
#include "io/read/utf8.hpp"

namespace neardup {
namespace {

constexpr const char* kStyle = R"(
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .8em;text-align:left;
border-bottom:1px solid #eee}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1em;margin:.4em 0 2em}
.doc{border:1px solid #ccc;padding:.6em;white-space:pre-wrap;overflow-wrap:anywhere;
font-family:ui-monospace,monospace;font-size:.85em;max-height:24em;overflow:auto}
.doc h3{font-family:system-ui,sans-serif;font-size:1em;margin:0 0 .4em;white-space:normal}
.loc{font-weight:normal;color:#555}.sim{font-weight:bold}
mark.del{background:#fcc}mark.ins{background:#cfc}.spans del{background:#fcc}.note{color:#666;font-size:.9em}
#warnings{border:2px solid #c60;background:#fff4e5;padding:.4em 1em;margin:1em 0}
#warnings h2{border:none;margin:.3em 0;color:#a40}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
svg text{font-size:11px;font-family:system-ui,sans-serif}
)";

// Histogram charts' geometry.
constexpr double kChartWidth = 760, kChartHeight = 300, kChartLeft = 60, kChartRight = 50,
                 kChartTop = 15, kChartBottom = 40;
constexpr double kPlotWidth = kChartWidth - kChartLeft - kChartRight;
constexpr double kPlotHeight = kChartHeight - kChartTop - kChartBottom;

std::string number(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string with_commas(std::uint64_t value) {
  std::string digits = std::to_string(value), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return number(100.0 * static_cast<double>(part) / static_cast<double>(whole), 1) + "%";
}

bool is_control(unsigned char c) {
  return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F;
}

// One side of the diff: the words shown, and the canonical tokens compared with the word each
// comes from.
struct DiffSide {
  std::string_view text;
  std::vector<std::string_view> words;  // views into text, in order
  std::vector<std::string> tokens;
  std::vector<std::size_t> word_of;  // of each token
};

DiffSide diff_side(std::string_view text, TokenizerKind kind) {
  DiffSide side{text, word_pieces(text), {}, {}};
  Tokenizer tokenizer(kind);
  TokenStream tokens;
  for (std::size_t w = 0; w < side.words.size(); ++w) {
    tokenizer.tokenize(side.words[w], tokens);
    for (std::size_t t = 0; t < tokens.size(); ++t) {
      side.tokens.push_back(
          tokens.text.substr(tokens.starts[t], tokens.ends[t] - tokens.starts[t]));
      side.word_of.push_back(w);
    }
  }
  return side;
}

// Which words of each side hold a token outside a longest common subsequence of the first
// `max_tokens` tokens of both.
std::pair<std::vector<char>, std::vector<char>> changed_words(const DiffSide& a, const DiffSide& b,
                                                              std::size_t max_tokens) {
  const std::size_t n = std::min(a.tokens.size(), max_tokens);
  const std::size_t m = std::min(b.tokens.size(), max_tokens);
  // lcs[i][j]: longest common subsequence of the tokens from i and j on.
  std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
  const auto at = [m](std::size_t i, std::size_t j) { return i * (m + 1) + j; };
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = m; j-- > 0;) {
      lcs[at(i, j)] = a.tokens[i] == b.tokens[j] ? lcs[at(i + 1, j + 1)] + 1
                                                 : std::max(lcs[at(i + 1, j)], lcs[at(i, j + 1)]);
    }
  }
  std::vector<char> changed_a(a.words.size(), 0), changed_b(b.words.size(), 0);
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a.tokens[i] == b.tokens[j]) {
      ++i;
      ++j;
    } else if (j == m || (i < n && lcs[at(i + 1, j)] >= lcs[at(i, j + 1)])) {
      changed_a[a.word_of[i++]] = 1;
    } else {
      changed_b[b.word_of[j++]] = 1;
    }
  }
  return {std::move(changed_a), std::move(changed_b)};
}

// The side's text, escaped, with the words changed[w] wrapped in <mark class="css_class">.
std::string marked(const DiffSide& side, const std::vector<char>& changed, const char* css_class) {
  std::string out;
  std::size_t shown = 0;  // bytes of side.text written
  for (std::size_t w = 0; w < side.words.size(); ++w) {
    const auto start = static_cast<std::size_t>(side.words[w].data() - side.text.data());
    out += html_escape(side.text.substr(shown, start - shown));
    if (changed[w]) {
      out += std::string("<mark class=\"") + css_class + "\">" + html_escape(side.words[w]) +
             "</mark>";
    } else {
      out += html_escape(side.words[w]);
    }
    shown = start + side.words[w].size();
  }
  return out + html_escape(side.text.substr(shown));
}

std::string svg_open(double width, double height, const std::string& label) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width, 0) + "\" height=\"" +
         number(height, 0) + "\" role=\"img\" aria-label=\"" + html_escape(label) + "\">";
}

// A bar's height for `count` pairs when the tallest holds `most`: log scale, so that a bin of
// one pair stays visible next to one of millions.
double log_height(std::uint64_t count, std::uint64_t most) {
  if (count == 0 || most == 0) return 0;
  return kPlotHeight * std::log10(static_cast<double>(count) + 1) /
         std::log10(static_cast<double>(most) + 1);
}

std::string histogram_bars(const ReportHistogram& h, std::uint64_t most) {
  const double bins = static_cast<double>(h.bins.size()), span = h.to - h.from;
  std::string svg;
  for (std::size_t b = 0; b < h.bins.size(); ++b) {
    const double lo = h.from + span * static_cast<double>(b) / bins;
    const double hi = h.from + span * (static_cast<double>(b) + 1.0) / bins;
    const double x0 = kChartLeft + kPlotWidth * static_cast<double>(b) / bins;
    const double x1 = kChartLeft + kPlotWidth * (static_cast<double>(b) + 1.0) / bins;
    const double height = log_height(h.bins[b], most);
    const int decimals = span < 0.5 ? 3 : 2;
    svg += "<rect x=\"" + number(x0, 1) + "\" y=\"" + number(kChartTop + kPlotHeight - height, 1) +
           "\" width=\"" + number(std::max(0.5, x1 - x0 - 0.5), 1) + "\" height=\"" +
           number(height, 1) + "\" fill=\"#7aa7d8\"><title>" + number(lo, decimals) + "-" +
           number(hi, decimals) + ": " + with_commas(h.bins[b]) + " pairs</title></rect>";
  }
  return svg;
}

// The banding's S-curve over [from, to] (right axis: probability of becoming a candidate).
std::string s_curve(const ReportHistogram& h, const ReportBanding& banding) {
  std::string points;
  for (int i = 0; i <= 200; ++i) {
    const double s = h.from + (h.to - h.from) * i / 200.0;
    const double p =
        1.0 - std::pow(1.0 - std::pow(s, banding.rows), static_cast<double>(banding.bands));
    points += number(kChartLeft + kPlotWidth * i / 200.0, 1) + "," +
              number(kChartTop + kPlotHeight * (1.0 - p), 1) + " ";
  }
  return "<polyline points=\"" + points +
         "\" fill=\"none\" stroke=\"#d0542c\" stroke-width=\"2\"/><text x=\"" +
         number(kChartLeft + kPlotWidth + 6, 0) + "\" y=\"" + number(kChartTop + 10, 0) +
         "\">P=1</text><text x=\"" + number(kChartLeft + kPlotWidth + 6, 0) + "\" y=\"" +
         number(kChartTop + kPlotHeight, 0) + "\">P=0</text>";
}

std::string threshold_line(const ReportHistogram& h, double threshold) {
  if (threshold < h.from || threshold > h.to) return "";
  const double x = kChartLeft + kPlotWidth * (threshold - h.from) / (h.to - h.from);
  // The label goes on the side of the line with room for it.
  const bool label_left = x > kChartLeft + 0.8 * kPlotWidth;
  return "<line x1=\"" + number(x, 1) + "\" y1=\"" + number(kChartTop, 0) + "\" x2=\"" +
         number(x, 1) + "\" y2=\"" + number(kChartTop + kPlotHeight, 0) +
         "\" stroke=\"#333\" stroke-dasharray=\"4 3\"/><text x=\"" +
         number(label_left ? x - 4 : x + 4, 1) + "\" y=\"" + number(kChartTop + 12, 0) +
         "\" text-anchor=\"" + (label_left ? "end" : "start") + "\">threshold " +
         number(threshold, 2) + "</text>";
}

// The x axis's ten steps and name, and the y axis's powers of ten (log scale) and top.
std::string histogram_axes(const ReportHistogram& h, std::uint64_t most, const std::string& name) {
  std::string svg;
  const int decimals = h.to - h.from < 0.5 ? 2 : 1;
  for (int i = 0; i <= 10; ++i) {
    svg += "<text x=\"" + number(kChartLeft + kPlotWidth * i / 10.0, 1) + "\" y=\"" +
           number(kChartTop + kPlotHeight + 15, 0) + "\" text-anchor=\"middle\">" +
           number(h.from + (h.to - h.from) * i / 10.0, decimals) + "</text>";
  }
  svg += "<text x=\"" + number(kChartLeft + kPlotWidth / 2, 0) + "\" y=\"" +
         number(kChartHeight - 5, 0) + "\" text-anchor=\"middle\">" + html_escape(name) +
         "</text><text x=\"" + number(kChartLeft - 6, 0) + "\" y=\"" +
         number(kChartTop + kPlotHeight, 0) + "\" text-anchor=\"end\">0</text>";
  const auto y_label = [&](double y, std::uint64_t count) {
    svg += "<line x1=\"" + number(kChartLeft, 0) + "\" y1=\"" + number(y, 1) + "\" x2=\"" +
           number(kChartLeft + kPlotWidth, 0) + "\" y2=\"" + number(y, 1) +
           "\" stroke=\"#eee\"/><text x=\"" + number(kChartLeft - 6, 0) + "\" y=\"" +
           number(y + 4, 1) + "\" text-anchor=\"end\">" + with_commas(count) + "</text>";
  };
  // Powers of ten, those too close under the top left out, and the tallest bar's count on top.
  for (std::uint64_t tick = 1; tick <= most; tick *= 10) {
    if (log_height(tick, most) < 0.9 * kPlotHeight) {
      y_label(kChartTop + kPlotHeight - log_height(tick, most), tick);
    }
    if (tick > most / 10) break;
  }
  if (most > 0) y_label(kChartTop, most);
  return svg;
}

// A similarity histogram with the threshold, and the banding's S-curve when given.
std::string histogram_svg(const ReportHistogram& h, double threshold,
                          const std::optional<ReportBanding>& banding, const std::string& name,
                          const std::string& label) {
  const std::uint64_t most = h.bins.empty() ? 0 : *std::max_element(h.bins.begin(), h.bins.end());
  std::string svg = svg_open(kChartWidth, kChartHeight, label);
  svg += "<rect x=\"" + number(kChartLeft, 0) + "\" y=\"" + number(kChartTop, 0) + "\" width=\"" +
         number(kPlotWidth, 0) + "\" height=\"" + number(kPlotHeight, 0) +
         "\" fill=\"none\" stroke=\"#999\"/>";
  svg += histogram_axes(h, most, name) + histogram_bars(h, most);
  if (banding) svg += s_curve(h, *banding);
  return svg + threshold_line(h, threshold) + "</svg>";
}

// Clusters per size bin, bars on a log scale.
std::string cluster_sizes_svg(const HtmlReport& r) {
  constexpr double kBar = 46, kHeight = 220, kTop = 15, kBottom = 35, kLeft = 10;
  const double plot_h = kHeight - kTop - kBottom;
  double most = 0;
  for (const auto& [size, clusters] : r.cluster_sizes) {
    most = std::max(most, std::log10(static_cast<double>(clusters) + 1));
  }
  const double width = kLeft * 2 + kBar * static_cast<double>(r.cluster_sizes.size());
  std::string svg = svg_open(std::max(width, 320.0), kHeight, "clusters by size, log scale");
  for (std::size_t i = 0; i < r.cluster_sizes.size(); ++i) {
    const auto [size, clusters] = r.cluster_sizes[i];
    const double h = most > 0 ? plot_h * std::log10(static_cast<double>(clusters) + 1) / most : 0;
    const double x = kLeft + kBar * static_cast<double>(i);
    const std::string label = size <= 2 ? std::to_string(size)
                                        : std::to_string(size / 2 + 1) + "-" + std::to_string(size);
    svg += "<rect x=\"" + number(x + 3, 1) + "\" y=\"" + number(kTop + plot_h - h, 1) +
           "\" width=\"" + number(kBar - 6, 1) + "\" height=\"" + number(h, 1) +
           "\" fill=\"#7aa7d8\"><title>" + label + " documents: " + with_commas(clusters) +
           " clusters</title></rect><text x=\"" + number(x + kBar / 2, 1) + "\" y=\"" +
           number(kTop + plot_h - h - 3, 1) + "\" text-anchor=\"middle\">" + with_commas(clusters) +
           "</text><text x=\"" + number(x + kBar / 2, 1) + "\" y=\"" +
           number(kTop + plot_h + 14, 0) + "\" text-anchor=\"middle\">" + label + "</text>";
  }
  svg += "<text x=\"" + number(kLeft, 0) + "\" y=\"" + number(kHeight - 4, 0) +
         "\">documents per cluster (clusters on a log scale)</text>";
  return svg + "</svg>";
}

// "id (path:line)", raw, each cut as the page shows it (report_name).
std::string named(const std::string& id, const std::string& location) {
  return id == location ? report_name(id) : report_name(id) + " (" + report_name(location) + ")";
}

// An id or location as the page's HTML: cut (report_name), then escaped.
std::string name_html(std::string_view name) { return html_escape(report_name(name)); }

// Clusters of at least kHazardClusterSize documents holding over 1% of the documents.
void large_cluster_hazard(const HtmlReport& r, std::vector<std::string>& out) {
  const std::uint64_t documents = r.docs_read - std::min(r.docs_read, r.docs_skipped);
  std::vector<const ReportCluster*> large;
  for (const ReportCluster& c : r.largest) {
    if (c.size >= kHazardClusterSize && c.size * 100 > documents) large.push_back(&c);
  }
  if (large.empty()) return;
  const ReportCluster& top = *large.front();
  out.push_back("A cluster holds " + with_commas(top.size) + " of the " + with_commas(documents) +
                " documents (" + percent(top.size, documents) + "; kept document " +
                named(top.kept_id, top.kept_location) + ")" +
                (large.size() > 1 ? "; " + std::to_string(large.size() - 1) +
                                        " more of the largest clusters hold over 1% each"
                                  : "") +
                ". A cluster this large is often boilerplate, a template or documents chained "
                "through others: look at its documents before deleting them.");
}

// More than 10% of the records read skipped, with the reasons.
void skip_hazard(const HtmlReport& r, std::vector<std::string>& out) {
  if (r.docs_skipped * 10 <= r.docs_read) return;
  std::string reasons;
  for (const auto& [reason, count] : r.skipped) {
    reasons += (reasons.empty() ? "" : ", ") + reason + " " + with_commas(count);
  }
  out.push_back(percent(r.docs_skipped, r.docs_read) + " of the records read were skipped (" +
                with_commas(r.docs_skipped) + " of " + with_commas(r.docs_read) +
                (reasons.empty() ? "" : ": " + reasons) +
                "); they were neither kept nor compared. Check --text-field, --format and the "
                "inputs.");
}

// Clusters whose kept document and a member share little of their shingles: the largest
// named, the others counted.
void overlap_hazards(const HtmlReport& r, std::vector<std::string>& out) {
  const double cut = std::min(0.2, r.threshold / 2);
  std::vector<const ReportCluster*> apart;
  for (const ReportCluster& c : r.largest) {
    if (c.least_overlap && c.least_overlap->jaccard < cut) apart.push_back(&c);
  }
  if (apart.empty()) return;
  const ReportCluster& c = *apart.front();
  out.push_back(
      "In the cluster of " + with_commas(c.size) + " documents kept as " +
      named(c.kept_id, c.kept_location) + ", the kept document and " +
      named(c.least_overlap->id, c.least_overlap->location) + " share only " +
      number(100 * c.least_overlap->jaccard, 0) + "% of their shingles (estimated Jaccard " +
      number(c.least_overlap->jaccard, 2) + ")" +
      (apart.size() > 1 ? "; so do a member and the kept document of " +
                              std::to_string(apart.size() - 1) + " more of the largest clusters"
                        : "") +
      ". Such documents are joined through other documents, or by fingerprints "
      "alone, not by their text: look at the clusters before deleting.");
}

void duplicate_id_hazard(const HtmlReport& r, std::vector<std::string>& out) {
  if (r.duplicate_ids == 0) return;
  out.push_back(with_commas(r.duplicate_ids) +
                " documents repeat an earlier document's id: such an id names more than one "
                "document in the outputs (their path:line does not).");
}

std::string hazards_html(const HtmlReport& r) {
  const std::vector<std::string> hazards = report_hazards(r);
  if (hazards.empty()) return "";
  std::string html = "<div id=\"warnings\" role=\"alert\"><h2>Look before deleting</h2><ul>";
  for (const std::string& hazard : hazards) html += "<li>" + html_escape(hazard) + "</li>";
  return html + "</ul></div>\n";
}

std::string header_html(const HtmlReport& r) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  html +=
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; img-src data:\">";
  html += "<title>neardup " + html_escape(r.job) + " report: " + html_escape(r.output) +
          "</title><style>" + kStyle + "</style></head><body>\n";
  html += "<h1>neardup " + html_escape(r.job) + ": " + html_escape(r.output) + "</h1>\n";
  html += "<p id=\"run\">neardup <span id=\"version\">" + html_escape(r.version) +
          "</span>, page written <span id=\"generated\">" + html_escape(r.generated) + "</span>, " +
          std::to_string(r.ranks) + (r.ranks == 1 ? " rank" : " ranks") +
          ".</p>\n<pre id=\"command-line\">" + html_escape(r.command_line) + "</pre>\n";
  return html + hazards_html(r);
}

std::string summary_html(const HtmlReport& r) {
  std::string html = "<h2>Summary</h2>\n<table id=\"counts\">";
  for (const auto& [name, value] : r.counts) {
    html += "<tr><th>" + html_escape(name) + "</th><td class=\"n\">" + with_commas(value) +
            "</td></tr>";
  }
  html += "</table>\n";
  if (!r.skipped.empty()) {
    html += "<p>Skipped, by reason:</p><table id=\"skipped\">";
    for (const auto& [reason, value] : r.skipped) {
      html += "<tr><th>" + html_escape(reason) + "</th><td class=\"n\">" + with_commas(value) +
              "</td></tr>";
    }
    html += "</table>\n";
  }
  html += "<p>Inputs:</p><ul>";
  for (const std::string& input : r.inputs) {
    html += "<li><code>" + html_escape(input) + "</code></li>";
  }
  html += "</ul>\n<p>Parameters:</p><pre id=\"parameters\">" + html_escape(r.parameters) +
          "</pre>\n<p>Time per stage, across ranks:</p><table id=\"stages\"><tr><th>stage</th>"
          "<th class=\"n\">min s</th><th class=\"n\">avg s</th><th class=\"n\">max s</th></tr>";
  for (const ReportStage& stage : r.stages) {
    html += "<tr><td>" + html_escape(stage.name) + "</td><td class=\"n\">" + number(stage.min, 3) +
            "</td><td class=\"n\">" + number(stage.avg, 3) + "</td><td class=\"n\">" +
            number(stage.max, 3) + "</td></tr>";
  }
  return html + "</table>\n";
}

std::string similarity_html(const HtmlReport& r) {
  std::string html = "<h2>Similarity of the pairs found</h2>\n<p>Bars: verified pairs by " +
                     html_escape(r.similarity_name) +
                     ", counts on a log scale (a bar of one pair stays visible).";
  if (r.banding) {
    html += " Line: the probability that a pair of that similarity becomes a candidate with " +
            std::to_string(r.banding->bands) + " bands of " + std::to_string(r.banding->rows) +
            " rows.";
  }
  html +=
      " The second chart zooms into the threshold: a pile of pairs just above it is where "
      "a small change of threshold changes what is removed; the hard cases below are "
      "those pairs.</p>\n" +
      histogram_svg(r.similarity_histogram, r.threshold, r.banding, r.similarity_name,
                    "verified pair similarities and the probability of becoming a candidate") +
      "\n" +
      histogram_svg(r.threshold_histogram, r.threshold, std::nullopt, r.similarity_name,
                    "verified pair similarities around the threshold") +
      "\n";
  if (!r.verification.empty()) html += "<p>" + html_escape(r.verification) + "</p>\n";
  return html;
}

std::string clusters_html(const HtmlReport& r) {
  std::string html =
      "<h2>Clusters</h2>\n" + cluster_sizes_svg(r) +
      "\n<p>The largest clusters, by the document kept. Lowest similarity: of the members it "
      "removed to the kept document, as the clustering checked them (&mdash; when it did not: "
      "--clusters components). Overlap: the least share of shingles (estimated Jaccard) between "
      "the kept document and the members compared with it.</p>"
      "<table id=\"largest\"><tr><th>kept document</th><th>location</th><th class=\"n\">"
      "documents</th><th class=\"n\">lowest similarity</th><th class=\"n\">least overlap</th>"
      "<th class=\"n\">members compared</th></tr>";
  for (const ReportCluster& c : r.largest) {
    html += "<tr><td><code>" + name_html(c.kept_id) + "</code></td><td><code>" +
            name_html(c.kept_location) + "</code></td><td class=\"n\">" + with_commas(c.size) +
            "</td><td class=\"n\">" +
            (c.lowest_similarity ? number(*c.lowest_similarity, 3) : std::string("&mdash;")) +
            "</td><td class=\"n\">" +
            (c.least_overlap ? number(c.least_overlap->jaccard, 2) : std::string("-")) +
            "</td><td class=\"n\">" + with_commas(c.compared) + "</td></tr>";
  }
  return html + "</table>\n";
}

std::string mirrors_html(const HtmlReport& r) {
  if (!r.hosts) return "";
  std::string html =
      "<h2>Near-duplicate hosts</h2>\n<p>The host pairs of hosts/ with the most shared "
      "documents: documents of the smaller host whose cluster holds a document of the other "
      "(a mirror, or a copied section, is a whole site a crawler need not fetch twice).</p>"
      "<table id=\"mirrors\"><tr><th>smaller host</th><th>other host</th><th class=\"n\">"
      "shared documents</th><th class=\"n\">its documents</th><th class=\"n\">other's "
      "documents</th>"
      "<th class=\"n\">share</th></tr>";
  for (const MirrorRow& m : r.mirrors) {
    html += "<tr><td><code>" + html_escape(m.host_a) + "</code></td><td><code>" +
            html_escape(m.host_b) + "</code></td><td class=\"n\">" + with_commas(m.shared_docs) +
            "</td><td class=\"n\">" + with_commas(m.docs_a) + "</td><td class=\"n\">" +
            with_commas(m.docs_b) + "</td><td class=\"n\">" + number(m.share, 2) + "</td></tr>";
  }
  if (r.mirrors.empty()) html += "<tr><td colspan=\"6\">none at the share asked</td></tr>";
  return html + "</table>\n";
}

std::string document_html(const ReportDocument& d, const std::string& diffed) {
  return std::string("<div class=\"doc\"><h3>") + (d.kept ? "kept" : "removed") + ": <code>" +
         name_html(d.id) + "</code> <span class=\"loc\">" + name_html(d.location) + "</span></h3>" +
         diffed + (d.truncated ? " <span class=\"note\">[truncated]</span>" : "") + "</div>";
}

std::string samples_html(std::span<const ReportSample> samples, TokenizerKind tokenizer,
                         const char* css_class) {
  std::string html;
  for (const ReportSample& s : samples) {
    const auto [left, right] = word_diff_html(s.left.text, s.right.text, tokenizer);
    html += "<div class=\"" + std::string(css_class) + "\"><p>Similarity <span class=\"sim\">" +
            number(s.similarity, 3) + "</span>";
    if (s.cluster_size > 0) html += ", cluster of " + with_commas(s.cluster_size) + " documents";
    html += "</p><div class=\"pair\">" + document_html(s.left, left) +
            document_html(s.right, right) + "</div></div>\n";
  }
  return samples.empty() ? "<p>No clusters.</p>\n" : html;
}

// The near misses' table: both documents and their similarity, most similar first.
std::string near_miss_table(const ReportNearMisses& n) {
  std::string html =
      "<table id=\"near-miss-pairs\"><tr><th class=\"n\">similarity</th><th>document</th>"
      "<th>location</th><th>document</th><th>location</th></tr>";
  for (const ReportSample& p : n.pairs) {
    html += "<tr><td class=\"n\">" + number(p.similarity, 3) + "</td>";
    for (const ReportDocument* d : {&p.left, &p.right}) {
      html += "<td><code>" + name_html(d->id) + "</code></td><td><code>" + name_html(d->location) +
              "</code></td>";
    }
    html += "</tr>";
  }
  return html + "</table>\n";
}

// The pairs just below the threshold: how many, the most similar listed, the first few side by
// side; "none", or why there are none to list.
std::string near_misses_html(const HtmlReport& r) {
  const ReportNearMisses& n = r.near_misses;
  const std::string window =
      "[" + number(std::max(0.0, r.threshold - 0.1), 3) + ", " + number(r.threshold, 3) + ")";
  std::string html =
      "<h2>Pairs just below the threshold (t - 0.1 &lt;= similarity &lt; t): what lowering "
      "--threshold would add</h2>\n<p id=\"near-misses\">";
  if (!n.recorded) {
    return html +
           "Not recorded: near misses are recorded by greedy clustering only (--clusters "
           "greedy, the default), not by --clusters components.</p>\n";
  }
  if (n.count == 0)
    return html + "none: no check failed with a similarity in " + window + ".</p>\n";
  html += "Failed checks with a similarity in " + window + ": <span class=\"sim\">" +
          with_commas(n.count) + "</span>. Below, the most similar of them (" +
          std::to_string(n.pairs.size()) +
          "), most similar first (ties in input order), with the texts of up to " +
          std::to_string(kReportNearMissTexts) +
          " side by side. Clustering checks a candidate only against a kept document, so a "
          "lower threshold can add more than these.</p>\n" +
          near_miss_table(n);
  const std::span<const ReportSample> shown(n.pairs.data(),
                                            std::min(n.pairs.size(), kReportNearMissTexts));
  if (shown.empty()) return html;
  return html + "<div id=\"near-miss-samples\">" + samples_html(shown, r.tokenizer, "sample near") +
         "</div>\n";
}

}  // namespace

std::string report_name(std::string_view name) {
  if (name.size() <= kReportNameBytes) return std::string(name);
  const auto continuation = [name](std::size_t at) {
    return (static_cast<unsigned char>(name[at]) & 0xC0) == 0x80;
  };
  std::size_t head = 120, tail = name.size() - 20;
  while (head > 0 && continuation(head)) --head;
  while (tail < name.size() && continuation(tail)) ++tail;
  char digest[64];
  std::snprintf(digest, sizeof digest, " [%zu bytes, xxh3 %016llx]", name.size(),
                static_cast<unsigned long long>(XXH3_64bits(name.data(), name.size())));
  return std::string(name.substr(0, head)) + "\u2026" + std::string(name.substr(tail)) + digest;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(text, i);
      out += length == 0 ? kReplacementCharacter : text.substr(i, length);
      i += std::max<std::size_t>(length, 1);
      continue;
    }
    ++i;
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        if (is_control(c)) {
          out += kReplacementCharacter;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

void ReportHistogram::add(double value) {
  if (bins.empty() || !(value >= from && value <= to)) return;
  const double at = (value - from) / (to - from) * static_cast<double>(bins.size());
  ++bins[std::min(bins.size() - 1, static_cast<std::size_t>(at))];
}

ReportHistogram whole_range_histogram(std::size_t bins) {
  return {0.0, 1.0, std::vector<std::uint64_t>(bins, 0)};
}

ReportHistogram threshold_window_histogram(double threshold, std::size_t bins) {
  constexpr double kBelow = 0.05, kAbove = 0.15, kWidth = kBelow + kAbove;
  std::vector<std::uint64_t> empty(bins, 0);
  if (threshold + kAbove >= 1.0) return {1.0 - kWidth, 1.0, std::move(empty)};
  const double from = std::max(0.0, threshold - kBelow);
  return {from, from + kWidth, std::move(empty)};
}

std::vector<std::string> report_hazards(const HtmlReport& report) {
  std::vector<std::string> hazards;
  large_cluster_hazard(report, hazards);
  skip_hazard(report, hazards);
  overlap_hazards(report, hazards);
  duplicate_id_hazard(report, hazards);
  return hazards;
}

std::pair<std::string, std::string> word_diff_html(std::string_view a, std::string_view b,
                                                   TokenizerKind tokenizer,
                                                   std::size_t max_tokens) {
  const DiffSide side_a = diff_side(a, tokenizer), side_b = diff_side(b, tokenizer);
  const auto [changed_a, changed_b] = changed_words(side_a, side_b, max_tokens);
  return {marked(side_a, changed_a, "del"), marked(side_b, changed_b, "ins")};
}

std::string report_header_html(const HtmlReport& r) { return header_html(r) + summary_html(r); }

std::string report_time_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &utc);
  return text;
}

std::string render_html_report(const HtmlReport& r) {
  return report_header_html(r) + similarity_html(r) + clusters_html(r) + mirrors_html(r) +
         "<h2>Hard cases: the pairs closest to the threshold</h2>\n<p class=\"note\">The "
         "verified pairs of lowest similarity, lowest first (ties in input order), words that "
         "differ once normalized as the dedup compares them marked. Without --write-pairs, "
         "pairs whose documents were already joined through others are not checked, so which "
         "pairs appear here can change with the rank count; the clusters do not.</p>\n"
         "<div id=\"hard-cases\">" +
         samples_html(r.hard_cases, r.tokenizer, "sample hard") + "</div>\n" + near_misses_html(r) +
         "<h2>Pairs from the largest clusters</h2>\n<p class=\"note\">Each cluster's kept "
         "document and the member of its verified pairs least similar to it.</p>\n"
         "<div id=\"cluster-samples\">" +
         samples_html(r.cluster_samples, r.tokenizer, "sample cluster") +
         "</div>\n</body></html>\n";
}

}  // namespace neardup
