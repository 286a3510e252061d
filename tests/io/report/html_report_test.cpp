// report.html's renderer: escaping (a document's markup is shown as text, never run, invalid
// UTF-8 replaced), the word diff of a sample pair on normalized tokens, the histograms' log
// scale, the hard cases, the warnings and who made the page.
#include "io/report/html_report.hpp"

#include <gtest/gtest.h>

#include "io/read/utf8.hpp"

namespace neardup {
namespace {

TEST(HtmlReport, EscapesMarkupCharacters) {
  EXPECT_EQ(html_escape("<a href=\"x\">Tom & Jerry's</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  EXPECT_EQ(html_escape("plain text"), "plain text");
}

// Invalid UTF-8 (a lone continuation byte, a cut sequence, an overlong form) and control
// characters become U+FFFD; valid text, tabs and newlines stay.
TEST(HtmlReport, EscapingReplacesInvalidUtf8AndControls) {
  EXPECT_EQ(html_escape("a\x80"
                        "b\xE2\x82 \xC0\xAF"
                        "c"),
            "a\uFFFDb\uFFFD\uFFFD \uFFFD\uFFFDc");
  EXPECT_EQ(html_escape(std::string("x\0y\x1B\x7Fz", 6)), "x\uFFFDy\uFFFD\uFFFDz");
  EXPECT_EQ(html_escape("\u00e9\u4e2d\U0001F600\t\r\n"), "\u00e9\u4e2d\U0001F600\t\r\n");
}

TEST(HtmlReport, WordDiffMarksWordsOnlyInOneSide) {
  const auto [kept, removed] = word_diff_html("one two three four", "one 2 three four five");
  EXPECT_EQ(kept, "one <mark class=\"del\">two</mark> three four");
  EXPECT_EQ(removed, "one <mark class=\"ins\">2</mark> three four <mark class=\"ins\">five</mark>");
}

// The texts' own whitespace is shown: newlines and runs of spaces are never flattened.
TEST(HtmlReport, WordDiffKeepsNewlinesAndSpaces) {
  const auto [a, b] = word_diff_html("first line\n\nsecond  line\n", "first line\nsecond line");
  EXPECT_EQ(a, "first line\n\nsecond  line\n");
  EXPECT_EQ(b, "first line\nsecond line");
  const auto [c, d] = word_diff_html("one\ntwo", "one\nthree");
  EXPECT_EQ(c, "one\n<mark class=\"del\">two</mark>");
  EXPECT_EQ(d, "one\n<mark class=\"ins\">three</mark>");
}

// Words are compared by their tokens: case, punctuation, typographic apostrophes and
// full-width forms are not differences; in Chinese one changed character is marked alone.
TEST(HtmlReport, WordDiffComparesTokensNotBytes) {
  const auto [kept, removed] =
      word_diff_html("Doesn't it, REALLY? \u2014 ok", "doesn\u2019t it really \uff2f\uff2b");
  EXPECT_EQ(kept, "Doesn&#39;t it, REALLY? \u2014 ok");
  EXPECT_EQ(removed, "doesn\u2019t it really \uff2f\uff2b");
  const auto [a, b] = word_diff_html("\u6211\u7231\u5317\u4eac", "\u6211\u7231\u4e1c\u4eac");
  EXPECT_EQ(a, "\u6211\u7231<mark class=\"del\">\u5317</mark>\u4eac");
  EXPECT_EQ(b, "\u6211\u7231<mark class=\"ins\">\u4e1c</mark>\u4eac");
  // The ASCII rule marks what the Unicode one ignores.
  const auto [old_kept, old_removed] =
      word_diff_html("Doesn't it", "doesn\u2019t it", TokenizerKind::kAscii);
  EXPECT_EQ(old_kept, "<mark class=\"del\">Doesn&#39;t</mark> it");
}

// Punctuation that joins or splits words is no difference either: "well-known" and "well
// known" are the same two tokens to the dedup, and so to the diff, whichever the tokenizer.
TEST(HtmlReport, WordDiffIgnoresPunctuationBetweenTokens) {
  for (const TokenizerKind kind : {TokenizerKind::kUnicode, TokenizerKind::kAscii}) {
    const auto [a, b] =
        word_diff_html("A well-known fact.It ends", "a Well known fact. it ENDS", kind);
    EXPECT_EQ(a, "A well-known fact.It ends");
    EXPECT_EQ(b, "a Well known fact. it ENDS");
  }
  // A word holding a changed token is marked whole; its unchanged neighbours are not.
  const auto [a, b] = word_diff_html("a well-known fact", "a well-kept fact");
  EXPECT_EQ(a, "a <mark class=\"del\">well-known</mark> fact");
  EXPECT_EQ(b, "a <mark class=\"ins\">well-kept</mark> fact");
}

TEST(HtmlReport, WordDiffEscapesAndStopsComparingAtTheLimit) {
  const auto [kept, removed] = word_diff_html("<b> x y", "<b> z y", TokenizerKind::kUnicode, 1);
  EXPECT_EQ(kept, "&lt;b&gt; x y");  // only the first token is compared
  EXPECT_EQ(removed, "&lt;b&gt; z y");
  const auto [bad_a, bad_b] = word_diff_html("x\xFF y", "x\xFF z");
  EXPECT_EQ(bad_a, "x\uFFFD <mark class=\"del\">y</mark>");
  EXPECT_EQ(bad_b, "x\uFFFD <mark class=\"ins\">z</mark>");
}

TEST(HtmlReport, HistogramBinsAndThresholdWindow) {
  ReportHistogram whole = whole_range_histogram(50);
  for (const double s : {0.0, 0.019, 0.02, 0.5, 0.99, 1.0, 1.5, -0.1}) whole.add(s);
  EXPECT_EQ(whole.bins[0], 2u);
  EXPECT_EQ(whole.bins[1], 1u);
  EXPECT_EQ(whole.bins[25], 1u);
  EXPECT_EQ(whole.bins[49], 2u);
  const ReportHistogram low = threshold_window_histogram(0.5, 40);
  EXPECT_DOUBLE_EQ(low.from, 0.45);
  EXPECT_DOUBLE_EQ(low.to, 0.65);
  EXPECT_EQ(low.bins.size(), 40u);
  const ReportHistogram high = threshold_window_histogram(0.95, 40);  // moved inside [0, 1]
  EXPECT_DOUBLE_EQ(high.from, 0.8);
  EXPECT_DOUBLE_EQ(high.to, 1.0);
  const ReportHistogram zero = threshold_window_histogram(0.01, 40);
  EXPECT_DOUBLE_EQ(zero.from, 0.0);
  EXPECT_DOUBLE_EQ(zero.to, 0.2);
}

ReportDocument document(std::string id, std::string location, std::string text, bool kept) {
  return {std::move(id), std::move(location), std::move(text), kept, false};
}

// A page's data as a run of 1,234,567 records would give it: a million pairs at 1.0 and one
// just above the threshold, which is also the hard case shown.
HtmlReport sample_report() {
  HtmlReport r;
  r.job = "minhash";
  r.output = "out<dir>";
  r.version = "9.8.7";
  r.command_line = "neardup minhash -i 'my corpus' -o out --threshold 0.8";
  r.generated = "2031-02-03 04:05:06 UTC";
  r.ranks = 3;
  r.inputs = {"in/a.jsonl"};
  r.parameters = "{\"threshold\": 0.8}";
  r.counts = {{"documents read", 1234567}, {"removed", 3}};
  r.skipped = {{"malformed_json", 2}};
  r.docs_read = 1234567;
  r.docs_skipped = 2;
  r.stages = {{"sketch", 0.5, 0.75, 1.0}};
  r.threshold = 0.8;
  r.similarity_name = "estimated Jaccard";
  r.banding = ReportBanding{9, 13};
  r.similarity_histogram = whole_range_histogram(50);
  r.threshold_histogram = threshold_window_histogram(0.8, 40);
  for (ReportHistogram* h : {&r.similarity_histogram, &r.threshold_histogram}) {
    h->add(0.8012);
    for (int i = 0; i < 1000000; ++i) h->add(1.0);
  }
  r.cluster_sizes = {{2, 5}, {8, 1}};
  r.largest = {{"doc-<1>", "in/a.jsonl:9", 6, std::nullopt, 0, std::nullopt}};
  r.hard_cases = {
      {document("kept-id", "in/a.jsonl:17",
                "<script>document.title='pwned'</script> same words here\nline two", true),
       document("removed-id", "in/b.jsonl:4242",
                "<script>document.title='pwned'</script> same words there\nline two", false),
       0.8012, 0}};
  r.hard_cases[0].right.truncated = true;
  r.cluster_samples = {{document("doc-<1>", "in/a.jsonl:9", "one two", true),
                        document("doc-2", "in/a.jsonl:10", "one Two.", false), 1.0, 6}};
  return r;
}

// The height attribute of the bar whose tooltip is `title`, or -1.
double bar_height(const std::string& page, const std::string& title) {
  const std::size_t at = page.find("<title>" + title + "</title>");
  if (at == std::string::npos) return -1;
  const std::size_t height = page.rfind("height=\"", at);
  return std::stod(page.substr(height + 8));
}

TEST(HtmlReport, PageShowsTheFiguresAndNeverEmbedsADocumentsMarkup) {
  const std::string page = render_html_report(sample_report());
  EXPECT_NE(page.find("1,234,567"), std::string::npos);
  EXPECT_NE(page.find("malformed_json"), std::string::npos);
  EXPECT_NE(page.find("threshold 0.80"), std::string::npos);
  EXPECT_NE(page.find("9 bands of 13 rows"), std::string::npos);
  EXPECT_NE(page.find("<polyline"), std::string::npos);  // the S-curve
  EXPECT_NE(page.find("doc-&lt;1&gt;"), std::string::npos);
  EXPECT_NE(page.find("out&lt;dir&gt;"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"),
            std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_NE(page.find("<mark class=\"ins\">there</mark>"), std::string::npos);
  EXPECT_NE(page.find("[truncated]"), std::string::npos);
  EXPECT_NE(page.find("default-src 'none'"), std::string::npos);  // nothing loads, nothing runs
}

// Who made the page, how and when.
TEST(HtmlReport, PageNamesVersionCommandLineAndDate) {
  const std::string page = render_html_report(sample_report());
  EXPECT_NE(page.find("<span id=\"version\">9.8.7</span>"), std::string::npos);
  EXPECT_NE(page.find("<pre id=\"command-line\">neardup minhash -i &#39;my corpus&#39; -o out "
                      "--threshold 0.8</pre>"),
            std::string::npos);
  EXPECT_NE(page.find("<span id=\"generated\">2031-02-03 04:05:06 UTC</span>"), std::string::npos);
  EXPECT_NE(page.find("3 ranks"), std::string::npos);
}

// One pair just above the threshold next to a million at 1.0: on a linear axis its bar would
// be 1e-6 of the plot's 245 px; on the log axis it is log(2) / log(1e6 + 1) of it, 12.3 px.
// The zoomed chart, [0.75, 0.95] in 0.005 steps, has its own scale: the pair is its tallest bar.
TEST(HtmlReport, HistogramShowsASinglePairNextToAMillion) {
  const std::string page = render_html_report(sample_report());
  EXPECT_NEAR(bar_height(page, "0.80-0.82: 1 pairs"), 12.3, 0.1);
  EXPECT_NEAR(bar_height(page, "0.98-1.00: 1,000,000 pairs"), 245.0, 0.1);
  EXPECT_NEAR(bar_height(page, "0.800-0.805: 1 pairs"), 245.0, 0.1);
  EXPECT_NEAR(bar_height(page, "0.945-0.950: 0 pairs"), 0.0, 0.01);
  EXPECT_NE(page.find(">1,000,000</text>"), std::string::npos);  // the top power of ten
}

// The hard case: its similarity and both documents' locations, its newlines as they were.
TEST(HtmlReport, HardCasesShowSimilarityLocationsAndNewlines) {
  const std::string page = render_html_report(sample_report());
  const std::size_t hard = page.find("<div id=\"hard-cases\">");
  const std::size_t clusters = page.find("<div id=\"cluster-samples\">");
  ASSERT_NE(hard, std::string::npos);
  ASSERT_NE(clusters, std::string::npos);
  const std::string section = page.substr(hard, clusters - hard);
  EXPECT_NE(section.find("Similarity <span class=\"sim\">0.801</span>"), std::string::npos);
  EXPECT_NE(section.find("kept: <code>kept-id</code> <span class=\"loc\">in/a.jsonl:17</span>"),
            std::string::npos);
  EXPECT_NE(section.find("removed: <code>removed-id</code> <span class=\"loc\">in/b.jsonl:4242"),
            std::string::npos);
  EXPECT_NE(section.find("here</mark>\nline two"), std::string::npos);
  EXPECT_NE(section.find("there</mark>\nline two"), std::string::npos);
  // The cluster sample: its size, and a case and punctuation difference left unmarked.
  const std::string samples = page.substr(clusters);
  EXPECT_NE(samples.find("Similarity <span class=\"sim\">1.000</span>, cluster of 6 documents"),
            std::string::npos);
  EXPECT_NE(samples.find("</h3>one Two.</div>"), std::string::npos);
  EXPECT_EQ(samples.find("<mark"), std::string::npos);
}

TEST(HtmlReport, NoWarningsForAnOrdinaryRun) {
  const HtmlReport r = sample_report();
  EXPECT_TRUE(report_hazards(r).empty());
  EXPECT_EQ(render_html_report(r).find("id=\"warnings\""), std::string::npos);
}

// A cluster over 1% of the documents read and not skipped, once it has kHazardClusterSize
// documents.
TEST(HtmlReport, WarnsOfAClusterHoldingOverOnePercent) {
  HtmlReport r = sample_report();
  r.docs_read = 1100;
  r.docs_skipped = 100;
  r.largest = {{"big", "in/a.jsonl:1", 600, std::nullopt, 0, std::nullopt},
               {"next", "in/a.jsonl:2", 11, std::nullopt, 0, std::nullopt},
               {"small", "in/a.jsonl:3", 10, std::nullopt, 0, std::nullopt}};
  std::vector<std::string> hazards = report_hazards(r);
  ASSERT_EQ(hazards.size(), 1u);
  EXPECT_NE(hazards[0].find("A cluster holds 600 of the 1,000 documents (60.0%; kept document "
                            "big (in/a.jsonl:1)); 1 more of the largest clusters hold over 1%"),
            std::string::npos)
      << hazards[0];
  r.largest = {{"exactly-1%", "x:1", 10, std::nullopt, 0, std::nullopt}};
  EXPECT_TRUE(report_hazards(r).empty());
  r.docs_read = 850;  // 10 of 800 documents, 50 skipped (under 10%)
  r.docs_skipped = 50;
  EXPECT_EQ(report_hazards(r).size(), 1u);
  r.docs_read = 105;  // 9 of 105 documents: too few to be a hazard
  r.docs_skipped = 0;
  r.largest = {{"small", "x:1", 9, std::nullopt, 0, std::nullopt}};
  EXPECT_TRUE(report_hazards(r).empty());
  r.largest = {{"big", "x:1", 500, std::nullopt, 0, std::nullopt}};
  r.docs_read = 1000;
  const std::string page = render_html_report(r);
  EXPECT_NE(page.find("<div id=\"warnings\" role=\"alert\"><h2>Look before deleting</h2><ul><li>A "
                      "cluster holds 500 of the 1,000 documents (50.0%"),
            std::string::npos);
}

// Ids of 1 MB (and a location as long) are shown cut, in every place the page names a
// document: the page stays small, and two ids that differ only in their middle read apart.
TEST(HtmlReport, CutsLongIdsAndKeepsThemApart) {
  const std::string middle(1 << 20, 'x');
  const std::string id_a = "head-" + middle + "a" + middle + "-tail",
                    id_b = "head-" + middle + "b" + middle + "-tail";
  HtmlReport r = sample_report();
  r.docs_read = 1000;
  r.docs_skipped = 0;
  r.largest = {{id_a, id_a + ":1", 600, ReportOverlap{id_b, "x:2", 0.01}, 1, std::nullopt}};
  r.hard_cases = {
      {document(id_a, "in:1", "one two", true), document(id_b, "in:2", "one", false), 0.81, 2}};
  r.near_misses = {
      true, 1, {{document(id_a, "in:1", "a", false), document(id_b, "in:2", "b", false), 0.75, 0}}};
  r.cluster_samples = r.hard_cases;
  const std::string page = render_html_report(r);
  EXPECT_LT(page.size(), 100000u);
  const std::string shown_a = report_name(id_a), shown_b = report_name(id_b);
  EXPECT_LT(shown_a.size(), kReportNameBytes);
  EXPECT_NE(shown_a, shown_b);
  EXPECT_EQ(report_name(shown_a), shown_a);  // cutting again changes nothing
  EXPECT_EQ(shown_a.substr(0, 10), "head-xxxxx");
  EXPECT_NE(shown_a.find("xxxx\u2026xxxx"), std::string::npos);
  EXPECT_NE(shown_a.find("-tail [" + std::to_string(id_a.size()) + " bytes, xxh3 "),
            std::string::npos)
      << shown_a.substr(0, 300);
  EXPECT_NE(page.find(html_escape(shown_a)), std::string::npos);
  EXPECT_NE(page.find(html_escape(shown_b)), std::string::npos);
  const std::vector<std::string> hazards = report_hazards(r);
  ASSERT_FALSE(hazards.empty());
  EXPECT_LT(hazards[0].size(), 2000u);
  // Short names stay whole; a cut never splits a UTF-8 character.
  EXPECT_EQ(report_name("doc-17"), "doc-17");
  EXPECT_EQ(report_name(std::string(kReportNameBytes, 'y')), std::string(kReportNameBytes, 'y'));
  std::string accented;
  for (int i = 0; i < 200; ++i) accented += "\u00e9";
  const std::string cut = report_name(accented);
  EXPECT_TRUE(is_valid_utf8(cut)) << cut;
  EXPECT_EQ(cut.substr(0, 120), accented.substr(0, 120));
}

TEST(HtmlReport, WarnsOfSkippingOverTenPercent) {
  HtmlReport r = sample_report();
  r.docs_read = 100;
  r.docs_skipped = 10;
  EXPECT_TRUE(report_hazards(r).empty());
  r.docs_skipped = 11;
  r.skipped = {{"missing_text", 9}, {"malformed_json", 2}};
  const std::vector<std::string> hazards = report_hazards(r);
  ASSERT_EQ(hazards.size(), 1u);
  EXPECT_EQ(hazards[0].find("11.0% of the records read were skipped (11 of 100: missing_text 9, "
                            "malformed_json 2)"),
            0u)
      << hazards[0];
}

// A kept document sharing under min(0.2, threshold / 2) of its shingles with a member.
TEST(HtmlReport, WarnsOfAClusterWhoseMembersShareLittleText) {
  HtmlReport r = sample_report();
  r.largest = {
      {"kept<1>", "in/a.jsonl:1", 7, ReportOverlap{"far", "in/a.jsonl:90", 0.03}, 6, std::nullopt},
      {"kept-2", "in/a.jsonl:2", 5, ReportOverlap{"near", "in/a.jsonl:91", 0.2}, 4, std::nullopt},
      {"kept-3", "in/a.jsonl:3", 4, ReportOverlap{"away", "in/a.jsonl:92", 0.1}, 3, std::nullopt},
      {"kept-4", "in/a.jsonl:4", 3, std::nullopt, 0, std::nullopt}};
  std::vector<std::string> hazards = report_hazards(r);
  ASSERT_EQ(hazards.size(), 1u);
  EXPECT_EQ(hazards[0].find("In the cluster of 7 documents kept as kept<1> (in/a.jsonl:1), the "
                            "kept document and far (in/a.jsonl:90) share only 3% of their "
                            "shingles (estimated Jaccard 0.03); so do a member and the kept "
                            "document of 1 more of the largest clusters."),
            0u)
      << hazards[0];
  EXPECT_NE(render_html_report(r).find("kept as kept&lt;1&gt; (in/a.jsonl:1)"), std::string::npos);
  r.threshold = 0.3;  // the cut is 0.15
  r.largest[0].least_overlap->jaccard = 0.16;
  r.largest[2].least_overlap->jaccard = 0.15;
  EXPECT_TRUE(report_hazards(r).empty());
}

TEST(HtmlReport, WarnsOfRepeatedIds) {
  HtmlReport r = sample_report();
  r.duplicate_ids = 1234;
  const std::vector<std::string> hazards = report_hazards(r);
  ASSERT_EQ(hazards.size(), 1u);
  EXPECT_EQ(hazards[0].find("1,234 documents repeat an earlier document's id"), 0u);
}

TEST(HtmlReport, PageWithoutBandingOrClustersStillRenders) {
  HtmlReport r = sample_report();
  r.banding.reset();
  r.hard_cases.clear();
  r.cluster_samples.clear();
  r.largest.clear();
  r.cluster_sizes.clear();
  r.similarity_histogram = whole_range_histogram(50);
  r.threshold_histogram = threshold_window_histogram(0.8, 40);
  const std::string page = render_html_report(r);
  EXPECT_EQ(page.find("<polyline"), std::string::npos);
  EXPECT_NE(page.find("No clusters."), std::string::npos);
  EXPECT_NE(page.find("</html>"), std::string::npos);
}

// Each listed cluster's lowest similarity of a removed member to its kept document, to three
// decimals; an em dash when the clustering did not check its members (--clusters components).
TEST(HtmlReport, ClustersShowTheirLowestSimilarity) {
  HtmlReport r = sample_report();
  r.largest = {{"kept<1>", "in/a.jsonl:1", 7, std::nullopt, 0, 0.81251},
               {"kept-2", "in/a.jsonl:2", 5, ReportOverlap{"m", "in/a.jsonl:8", 0.5}, 4, 1.0},
               {"kept-3", "in/a.jsonl:3", 4, std::nullopt, 0, std::nullopt}};
  const std::string page = render_html_report(r);
  EXPECT_NE(page.find("<th class=\"n\">documents</th><th class=\"n\">lowest similarity</th>"),
            std::string::npos);
  EXPECT_NE(page.find("<td><code>kept&lt;1&gt;</code></td><td><code>in/a.jsonl:1</code></td>"
                      "<td class=\"n\">7</td><td class=\"n\">0.813</td><td class=\"n\">-</td>"),
            std::string::npos);
  EXPECT_NE(page.find("<td class=\"n\">5</td><td class=\"n\">1.000</td><td class=\"n\">0.50</td>"),
            std::string::npos);
  EXPECT_NE(page.find("<td class=\"n\">4</td><td class=\"n\">&mdash;</td><td class=\"n\">-</td>"),
            std::string::npos);
}

// `count` near misses, the pairs listed those given: ids with markup, one pair per similarity
// from 0.79 down.
ReportNearMisses near_misses(std::uint64_t count, int pairs) {
  ReportNearMisses n{true, count, {}};
  for (int i = 0; i < pairs; ++i) {
    const std::string k = std::to_string(i);
    n.pairs.push_back({document("<i>a" + k + "</i>", "in/a.jsonl:" + k, "same text a" + k, true),
                       document("b&" + k, "in/b.jsonl:" + k, "same text b" + k, i % 2 == 0),
                       0.79 - 0.01 * i, 0});
  }
  return n;
}

// The section just below the threshold: the count, the window, every pair listed in the order
// given with both ids (escaped) and locations, the first kReportNearMissTexts side by side.
TEST(HtmlReport, ListsNearMissesAndShowsTheFirstSideBySide) {
  HtmlReport r = sample_report();
  r.near_misses = near_misses(1234, 5);
  const std::string page = render_html_report(r);
  const std::size_t at = page.find(
      "<h2>Pairs just below the threshold (t - 0.1 &lt;= similarity "
      "&lt; t): what lowering --threshold would add</h2>");
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = page.find("<h2>", at + 1);
  const std::string section = page.substr(at, end - at);
  EXPECT_NE(section.find("Failed checks with a similarity in [0.700, 0.800): <span "
                         "class=\"sim\">1,234</span>. Below, the most similar of them (5)"),
            std::string::npos);
  std::size_t row = 0;
  for (int i = 0; i < 5; ++i) {
    const std::string k = std::to_string(i);
    row = section.find(
        "<tr><td class=\"n\">0.7" + std::to_string(9 - i) + "0</td><td><code>&lt;i&gt;a" + k +
            "&lt;/i&gt;</code></td><td><code>in/a.jsonl:" + k + "</code></td><td><code>b&amp;" + k +
            "</code></td><td><code>in/b.jsonl:" + k + "</code></td></tr>",
        row);
    ASSERT_NE(row, std::string::npos) << "pair " << i << " missing or out of order";
  }
  std::size_t sides = 0;
  for (std::size_t s = section.find("<div class=\"sample near\">"); s != std::string::npos;
       s = section.find("<div class=\"sample near\">", s + 1)) {
    ++sides;
  }
  EXPECT_EQ(sides, kReportNearMissTexts);
  EXPECT_NE(section.find("kept: <code>&lt;i&gt;a0&lt;/i&gt;</code> <span class=\"loc\">in/a.jsonl:0"
                         "</span></h3>same text <mark class=\"del\">a0</mark>"),
            std::string::npos);
  EXPECT_NE(section.find("removed: <code>b&amp;1</code>"), std::string::npos);
  EXPECT_NE(section.find("same text <mark class=\"ins\">b3</mark>"), std::string::npos);
  EXPECT_EQ(section.find("same text a4"), std::string::npos);  // listed, not shown
  EXPECT_EQ(page.find("<i>"), std::string::npos);
}

// None found says so; under --clusters components none are recorded, and the page says why.
TEST(HtmlReport, SaysWhenThereAreNoNearMissesOrWhyNoneWereRecorded) {
  HtmlReport r = sample_report();
  r.near_misses = near_misses(0, 0);
  std::string page = render_html_report(r);
  EXPECT_NE(page.find("<p id=\"near-misses\">none: no check failed with a similarity in "
                      "[0.700, 0.800).</p>"),
            std::string::npos);
  EXPECT_EQ(page.find("id=\"near-miss-pairs\""), std::string::npos);
  r.near_misses.recorded = false;
  page = render_html_report(r);
  EXPECT_NE(page.find("<p id=\"near-misses\">Not recorded: near misses are recorded by greedy "
                      "clustering only"),
            std::string::npos);
  EXPECT_EQ(page.find("none: no check failed"), std::string::npos);
}

TEST(HtmlReport, ListsMirrorsOnlyWithAHostField) {
  HtmlReport r = sample_report();
  r.mirrors = {{"a<b.example", "c.example", 3, 4, 9, 0.75}};
  EXPECT_EQ(render_html_report(r).find("Near-duplicate hosts"), std::string::npos);
  r.hosts = true;
  const std::string page = render_html_report(r);
  EXPECT_NE(page.find("<td><code>a&lt;b.example</code></td><td><code>c.example</code></td>"
                      "<td class=\"n\">3</td><td class=\"n\">4</td><td class=\"n\">9</td>"
                      "<td class=\"n\">0.75</td>"),
            std::string::npos);
  r.mirrors.clear();
  EXPECT_NE(render_html_report(r).find("none at the share asked"), std::string::npos);
}

}  // namespace
}  // namespace neardup
