// The run's report.html: one self-contained page (inline CSS and SVG, no script) of what a
// dedup run found, for a user to look at before deleting anything.
#include "io/html_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text/unicode_tokenizer.hpp"

namespace neardup {
namespace {

constexpr const char* kStyle = R"(
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .8em;text-align:left;
border-bottom:1px solid #eee}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1em;margin:1em 0 2em}
.doc{border:1px solid #ccc;padding:.6em;white-space:pre-wrap;overflow-wrap:anywhere;
font-family:ui-monospace,monospace;font-size:.85em;max-height:24em;overflow:auto}
.doc h3{font-family:system-ui,sans-serif;font-size:1em;margin:0 0 .4em}
mark.del{background:#fcc}mark.ins{background:#cfc}.note{color:#666;font-size:.9em}
svg text{font-size:11px;font-family:system-ui,sans-serif}
)";

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

// The words of a sample's text as the diff shows them, and what it compares: their canonical
// tokens joined by spaces ("" for a word without tokens).
struct DiffWords {
  std::vector<std::string_view> shown;
  std::vector<std::string> keys;
};

DiffWords diff_words(std::string_view text, TokenizerKind kind) {
  DiffWords words{word_pieces(text), {}};
  Tokenizer tokenizer(kind);
  TokenStream tokens;
  for (const std::string_view word : words.shown) {
    tokenizer.tokenize(word, tokens);
    words.keys.push_back(tokens.text);
  }
  return words;
}

// The HTML of `words` separated by spaces, those with in_common[i] false wrapped in
// <mark class="css_class">.
std::string marked(const std::vector<std::string_view>& words, const std::vector<char>& in_common,
                   const char* css_class) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += ' ';
    if (in_common[i]) {
      out += html_escape(words[i]);
    } else {
      out += std::string("<mark class=\"") + css_class + "\">" + html_escape(words[i]) + "</mark>";
    }
  }
  return out;
}

// The similarity chart: the verified pairs' histogram (bars, left axis), the banding's
// S-curve (line, right axis: probability of becoming a candidate) and the threshold.
std::string similarity_svg(const HtmlReport& r) {
  constexpr double kWidth = 760, kHeight = 300, kLeft = 60, kRight = 50, kTop = 15, kBottom = 40;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  const auto x_of = [&](double s) { return kLeft + s * plot_w; };
  const std::uint64_t most =
      r.similarity_histogram.empty()
          ? 0
          : *std::max_element(r.similarity_histogram.begin(), r.similarity_histogram.end());
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(kWidth, 0) +
                    "\" height=\"" + number(kHeight, 0) + "\" role=\"img\" aria-label=\"" +
                    "verified pair similarities and the probability of becoming a candidate\">";
  svg += "<rect x=\"" + number(kLeft, 0) + "\" y=\"" + number(kTop, 0) + "\" width=\"" +
         number(plot_w, 0) + "\" height=\"" + number(plot_h, 0) +
         "\" fill=\"none\" stroke=\"#999\"/>";
  const double bins = static_cast<double>(r.similarity_histogram.size());
  for (std::size_t b = 0; b < r.similarity_histogram.size() && most > 0; ++b) {
    const double h =
        plot_h * static_cast<double>(r.similarity_histogram[b]) / static_cast<double>(most);
    const double x0 = x_of(static_cast<double>(b) / bins);
    const double x1 = x_of((static_cast<double>(b) + 1.0) / bins);
    svg += "<rect x=\"" + number(x0, 1) + "\" y=\"" + number(kTop + plot_h - h, 1) + "\" width=\"" +
           number(std::max(0.5, x1 - x0 - 0.5), 1) + "\" height=\"" + number(h, 1) +
           "\" fill=\"#7aa7d8\"><title>" + number(static_cast<double>(b) / bins, 2) + "-" +
           number((static_cast<double>(b) + 1.0) / bins, 2) + ": " +
           with_commas(r.similarity_histogram[b]) + " pairs</title></rect>";
  }
  if (r.banding) {
    std::string points;
    for (int i = 0; i <= 200; ++i) {
      const double s = i / 200.0;
      const double p =
          1.0 - std::pow(1.0 - std::pow(s, r.banding->rows), static_cast<double>(r.banding->bands));
      points += number(x_of(s), 1) + "," + number(kTop + plot_h * (1.0 - p), 1) + " ";
    }
    svg +=
        "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"#d0542c\" stroke-width=\"2\"/>";
  }
  const double tx = x_of(std::clamp(r.threshold, 0.0, 1.0));
  svg += "<line x1=\"" + number(tx, 1) + "\" y1=\"" + number(kTop, 0) + "\" x2=\"" + number(tx, 1) +
         "\" y2=\"" + number(kTop + plot_h, 0) + "\" stroke=\"#333\" stroke-dasharray=\"4 3\"/>";
  // The label goes on the side of the line with room for it.
  const bool label_left = r.threshold > 0.8;
  svg += "<text x=\"" + number(label_left ? tx - 4 : tx + 4, 1) + "\" y=\"" + number(kTop + 12, 0) +
         "\" text-anchor=\"" + (label_left ? "end" : "start") + "\">threshold " +
         number(r.threshold, 2) + "</text>";
  for (int i = 0; i <= 10; ++i) {
    const double x = x_of(i / 10.0);
    svg += "<text x=\"" + number(x, 1) + "\" y=\"" + number(kTop + plot_h + 15, 0) +
           "\" text-anchor=\"middle\">" + number(i / 10.0, 1) + "</text>";
  }
  svg += "<text x=\"" + number(kLeft + plot_w / 2, 0) + "\" y=\"" + number(kHeight - 5, 0) +
         "\" text-anchor=\"middle\">" + html_escape(r.similarity_name) + "</text>";
  svg += "<text x=\"" + number(kLeft - 6, 0) + "\" y=\"" + number(kTop + 10, 0) +
         "\" text-anchor=\"end\">" + with_commas(most) + "</text><text x=\"" +
         number(kLeft - 6, 0) + "\" y=\"" + number(kTop + plot_h, 0) +
         "\" text-anchor=\"end\">0</text>";
  if (r.banding) {
    svg += "<text x=\"" + number(kLeft + plot_w + 6, 0) + "\" y=\"" + number(kTop + 10, 0) +
           "\">P=1</text><text x=\"" + number(kLeft + plot_w + 6, 0) + "\" y=\"" +
           number(kTop + plot_h, 0) + "\">P=0</text>";
  }
  return svg + "</svg>";
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
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    number(std::max(width, 320.0), 0) + "\" height=\"" + number(kHeight, 0) +
                    "\" role=\"img\" aria-label=\"clusters by size, log scale\">";
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

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
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
        out += c;
    }
  }
  return out;
}

std::pair<std::string, std::string> word_diff_html(std::string_view a, std::string_view b,
                                                   TokenizerKind tokenizer, std::size_t max_words) {
  const DiffWords wa = diff_words(a, tokenizer), wb = diff_words(b, tokenizer);
  // The compared words: the first max_words of each side that have tokens.
  const auto compared = [max_words](const DiffWords& w) {
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < w.keys.size() && at.size() < max_words; ++i) {
      if (!w.keys[i].empty()) at.push_back(i);
    }
    return at;
  };
  const std::vector<std::size_t> ia = compared(wa), ib = compared(wb);
  const std::size_t n = ia.size(), m = ib.size();
  const auto same = [&](std::size_t i, std::size_t j) { return wa.keys[ia[i]] == wb.keys[ib[j]]; };
  // lcs[i][j]: longest common subsequence of the compared words from i and j on.
  std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
  const auto at = [m](std::size_t i, std::size_t j) { return i * (m + 1) + j; };
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = m; j-- > 0;) {
      lcs[at(i, j)] =
          same(i, j) ? lcs[at(i + 1, j + 1)] + 1 : std::max(lcs[at(i + 1, j)], lcs[at(i, j + 1)]);
    }
  }
  std::vector<char> common_a(wa.shown.size(), 1), common_b(wb.shown.size(), 1);
  for (const std::size_t i : ia) common_a[i] = 0;
  for (const std::size_t j : ib) common_b[j] = 0;
  for (std::size_t i = 0, j = 0; i < n && j < m;) {
    if (same(i, j)) {
      common_a[ia[i++]] = 1;
      common_b[ib[j++]] = 1;
    } else if (lcs[at(i + 1, j)] >= lcs[at(i, j + 1)]) {
      ++i;
    } else {
      ++j;
    }
  }
  return {marked(wa.shown, common_a, "del"), marked(wb.shown, common_b, "ins")};
}

std::string render_html_report(const HtmlReport& r) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  html +=
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; img-src data:\">";
  html += "<title>neardup " + html_escape(r.job) + " report: " + html_escape(r.output) +
          "</title><style>" + kStyle + "</style></head><body>\n";
  html += "<h1>neardup " + html_escape(r.job) + ": " + html_escape(r.output) + "</h1>\n";

  html += "<h2>Summary</h2>\n<table id=\"counts\">";
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
  for (const std::string& input : r.inputs)
    html += "<li><code>" + html_escape(input) + "</code></li>";
  html += "</ul>\n<p>Parameters:</p><pre id=\"parameters\">" + html_escape(r.parameters) +
          "</pre>\n<p>Time per stage, across ranks:</p><table id=\"stages\"><tr><th>stage</th>"
          "<th class=\"n\">min s</th><th class=\"n\">avg s</th><th class=\"n\">max s</th></tr>";
  for (const ReportStage& stage : r.stages) {
    html += "<tr><td>" + html_escape(stage.name) + "</td><td class=\"n\">" + number(stage.min, 3) +
            "</td><td class=\"n\">" + number(stage.avg, 3) + "</td><td class=\"n\">" +
            number(stage.max, 3) + "</td></tr>";
  }
  html += "</table>\n";

  html += "<h2>Similarity of the pairs found</h2>\n<p>Bars: verified pairs by " +
          html_escape(r.similarity_name) + ".";
  if (r.banding) {
    html += " Line: the probability that a pair of that similarity becomes a candidate with " +
            std::to_string(r.banding->bands) + " bands of " + std::to_string(r.banding->rows) +
            " rows.";
  }
  html +=
      " Pairs below the threshold are not duplicates; a pile of pairs just above it suggests "
      "looking at the samples before trusting the threshold.</p>\n" +
      similarity_svg(r) + "\n";
  if (!r.verification.empty()) html += "<p>" + html_escape(r.verification) + "</p>\n";

  html += "<h2>Clusters</h2>\n" + cluster_sizes_svg(r) +
          "\n<p>The largest clusters, by the id of the document kept:</p><table id=\"largest\">"
          "<tr><th>kept document</th><th class=\"n\">documents</th></tr>";
  for (const ReportCluster& c : r.largest) {
    html += "<tr><td><code>" + html_escape(c.kept_id) + "</code></td><td class=\"n\">" +
            with_commas(c.size) + "</td></tr>";
  }
  html += "</table>\n";

  html +=
      "<h2>Samples</h2>\n<p class=\"note\">A fixed sample of clusters: the kept document and "
      "one removed from its cluster, words only in one of them marked.</p>\n";
  for (const ReportSample& s : r.samples) {
    const auto [kept, removed] = word_diff_html(s.kept_text, s.removed_text, r.tokenizer);
    html += "<p>Cluster of " + with_commas(s.cluster_size) + " documents</p><div class=\"pair\">";
    html += "<div class=\"doc\"><h3>kept: <code>" + html_escape(s.kept_id) + "</code></h3>" + kept +
            (s.kept_truncated ? " <span class=\"note\">[truncated]</span>" : "") + "</div>";
    html += "<div class=\"doc\"><h3>removed: <code>" + html_escape(s.removed_id) + "</code></h3>" +
            removed + (s.removed_truncated ? " <span class=\"note\">[truncated]</span>" : "") +
            "</div></div>\n";
  }
  if (r.samples.empty()) html += "<p>No clusters.</p>\n";
  return html + "</body></html>\n";
}

}  // namespace neardup
