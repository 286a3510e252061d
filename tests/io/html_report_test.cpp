// report.html's renderer: escaping (a document's markup is shown as text, never run), the word
// diff of a sample pair, and the page's figures.
#include "io/html_report.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

TEST(HtmlReport, EscapesMarkupCharacters) {
  EXPECT_EQ(html_escape("<a href=\"x\">Tom & Jerry's</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  EXPECT_EQ(html_escape("plain text"), "plain text");
}

TEST(HtmlReport, WordDiffMarksWordsOnlyInOneSide) {
  const auto [kept, removed] = word_diff_html("one two three four", "one 2 three four five");
  EXPECT_EQ(kept, "one <mark class=\"del\">two</mark> three four");
  EXPECT_EQ(removed, "one <mark class=\"ins\">2</mark> three four <mark class=\"ins\">five</mark>");
  const auto [same_a, same_b] = word_diff_html("a  b\n c", "a b c");
  EXPECT_EQ(same_a, "a b c");
  EXPECT_EQ(same_b, "a b c");
}

// Words are compared by their tokens: case, punctuation, typographic apostrophes and
// full-width forms are not differences; in Chinese one changed character is marked alone.
TEST(HtmlReport, WordDiffComparesTokensNotBytes) {
  const auto [kept, removed] =
      word_diff_html("Doesn't it, REALLY? \u2014 ok", "doesn\u2019t it really \uff2f\uff2b");
  EXPECT_EQ(kept, "Doesn&#39;t it, REALLY? \u2014 ok");
  EXPECT_EQ(removed, "doesn\u2019t it really \uff2f\uff2b");
  const auto [a, b] = word_diff_html("\u6211\u7231\u5317\u4eac", "\u6211\u7231\u4e1c\u4eac");
  EXPECT_EQ(a, "\u6211 \u7231 <mark class=\"del\">\u5317</mark> \u4eac");
  EXPECT_EQ(b, "\u6211 \u7231 <mark class=\"ins\">\u4e1c</mark> \u4eac");
  // The ASCII rule marks what the Unicode one ignores.
  const auto [old_kept, old_removed] =
      word_diff_html("Doesn't it", "doesn\u2019t it", TokenizerKind::kAscii);
  EXPECT_EQ(old_kept, "<mark class=\"del\">Doesn&#39;t</mark> it");
}

TEST(HtmlReport, WordDiffEscapesAndStopsComparingAtTheLimit) {
  const auto [kept, removed] = word_diff_html("<b> x y", "<b> z y", TokenizerKind::kUnicode, 1);
  EXPECT_EQ(kept, "&lt;b&gt; x y");  // only the first word is compared
  EXPECT_EQ(removed, "&lt;b&gt; z y");
}

HtmlReport sample_report() {
  HtmlReport r;
  r.job = "minhash";
  r.output = "out<dir>";
  r.inputs = {"in/a.jsonl"};
  r.parameters = "{\"threshold\": 0.8}";
  r.counts = {{"documents read", 1234567}, {"removed", 3}};
  r.skipped = {{"malformed_json", 2}};
  r.stages = {{"sketch", 0.5, 0.75, 1.0}};
  r.threshold = 0.8;
  r.similarity_name = "estimated Jaccard";
  r.banding = ReportBanding{9, 13};
  r.similarity_histogram = std::vector<std::uint64_t>(50, 0);
  r.similarity_histogram[45] = 7;
  r.cluster_sizes = {{2, 5}, {8, 1}};
  r.largest = {{"doc-<1>", 6}};
  r.samples = {{"kept-id", "<script>document.title='pwned'</script> same words here", "removed-id",
                "<script>document.title='pwned'</script> same words there", 6, false, true}};
  return r;
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

TEST(HtmlReport, PageWithoutBandingOrClustersStillRenders) {
  HtmlReport r = sample_report();
  r.banding.reset();
  r.samples.clear();
  r.largest.clear();
  r.cluster_sizes.clear();
  const std::string page = render_html_report(r);
  EXPECT_EQ(page.find("<polyline"), std::string::npos);
  EXPECT_NE(page.find("No clusters."), std::string::npos);
  EXPECT_NE(page.find("</html>"), std::string::npos);
}

}  // namespace
}  // namespace neardup
