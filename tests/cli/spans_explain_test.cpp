// `neardup explain --run` on a spans run, against what its outputs say: every document's
// cuts are spans/'s rows, each proven equal to a kept copy that is not cut, the tokens left
// are counted here, and "removed" is exactly "not in deduped/"; tampered rows are caught, and
// a row past the document's text is named, not a crash.
#include "jobs/cli/spans_explain.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "core/text/tokenizer.hpp"
#include "jobs/methods/spans_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/output_files.hpp"
#include "tests/support/span_corpus.hpp"

namespace neardup {
namespace {

using testing::GeneratedDoc;

// A row of spans/, split here on tabs (the generated ids hold no escapes).
struct Row {
  std::string id;
  std::uint64_t start = 0, end = 0, tokens = 0;
  std::string kept_id, kept_start;
};

std::vector<Row> rows_of(const std::string& out) {
  std::vector<Row> rows;
  for (const std::string& line : testing::part_lines(out, "spans")) {
    std::vector<std::string> f;
    for (std::size_t begin = 0, end = 0; begin <= line.size(); begin = end + 1) {
      end = std::min(line.find('\t', begin), line.size());
      f.push_back(line.substr(begin, end - begin));
    }
    rows.push_back({f[0], std::stoull(f[1]), std::stoull(f[2]), std::stoull(f[3]), f[4], f[5]});
  }
  return rows;
}

class SpansExplain : public ::testing::Test {
 protected:
  void SetUp() override {
    corpus_ = testing::generate_span_corpus(
        {.seed = 9, .docs = 50, .min_tokens = 13, .planted_runs = 6, .popular_copies = 30});
    dir_ = testing::shared_temp_dir();
    testing::write_corpus(dir_ + "/in", corpus_, 2);
    SpansOptions o;
    o.inputs = {dir_ + "/in"};
    o.output = dir_ + "/out";
    o.spec.min_tokens = 13;
    o.min_doc_tokens = 30;
    o.progress_seconds = 0;
    run_spans(MPI_COMM_WORLD, o);
  }

  std::vector<GeneratedDoc> corpus_;
  std::string dir_;
};

TEST_F(SpansExplain, EveryDocumentAsItsRowsAndDedupedSayAndTheCopiesHold) {
  if (testing::world_rank() != 0) return;
  const std::string out = dir_ + "/out";
  const std::vector<Row> rows = rows_of(out);
  std::map<std::string, std::vector<Row>> by_doc;
  std::map<std::string, std::uint64_t> kept_for;
  for (const Row& r : rows) {
    by_doc[r.id].push_back(r);
    if (!r.kept_id.empty()) ++kept_for[r.kept_id];
  }
  std::string deduped;
  for (const std::string& line : testing::part_lines(out, "deduped")) deduped += line + "\n";
  const SpansOptions options = spans_options_of_run(out);
  EXPECT_EQ(options.min_doc_tokens, 30u);
  ASSERT_GT(rows.size(), 0u);
  std::size_t removed = 0;
  Tokenizer tokenizer(options.document.tokenizer);
  TokenStream tokens;
  for (const GeneratedDoc& doc : corpus_) {
    const SpansExplanation e = explain_spans(options, out, doc.id);
    const std::vector<Row>& own = by_doc[doc.id];
    ASSERT_EQ(e.cuts.size(), own.size()) << doc.id;
    tokenizer.tokenize(doc.text, tokens);
    std::uint64_t cut = 0;
    for (const Row& r : own) cut += r.tokens;
    EXPECT_EQ(e.tokens, tokens.size()) << doc.id;
    EXPECT_EQ(e.tokens_left, tokens.size() - cut) << doc.id;
    EXPECT_EQ(e.kept_for_others, kept_for[doc.id]) << doc.id;
    const bool written = deduped.find("{\"id\": \"" + doc.id + "\"") != std::string::npos;
    EXPECT_EQ(e.removed, !written) << doc.id;
    removed += e.removed;
    for (const ExplainedCut& c : e.cuts) {
      EXPECT_EQ(c.text, doc.text.substr(c.byte_start, c.byte_end - c.byte_start));
      EXPECT_FALSE(c.kept_location.empty()) << doc.id;
      EXPECT_TRUE(c.kept_equal) << doc.id << " bytes " << c.byte_start;
      EXPECT_FALSE(c.kept_copy_cut) << doc.id << " bytes " << c.byte_start;
    }
  }
  EXPECT_GT(removed, 0u);  // --min-doc-tokens 30 removes some
  const std::string& cut_doc = rows.front().id;
  const std::string text = spans_explanation_text(explain_spans(options, out, cut_doc));
  EXPECT_NE(text.find("tokens equal to the kept copy's: yes"), std::string::npos) << text;
  EXPECT_THROW(explain_spans(options, out, "no-such-document"), JobError);
}

TEST_F(SpansExplain, TamperedRowsAreCaught) {
  if (testing::world_rank() != 0) return;
  const std::string out = dir_ + "/out";
  const std::vector<Row> rows = rows_of(out);
  const auto other =
      std::find_if(rows.begin(), rows.end(), [](const Row& r) { return r.kept_id != r.id; });
  ASSERT_NE(other, rows.end());
  const Row& first = *other;
  // A row whose copy is in another document, twice: once with the copy moved one byte on. And
  // a row cutting the copy's first byte from its document.
  std::filesystem::remove_all(out + "/spans");
  std::filesystem::create_directories(out + "/spans");
  std::ofstream part(out + "/spans/part-00000.tsv");
  part << first.id << '\t' << first.start << '\t' << first.end << '\t' << first.tokens << '\t'
       << first.kept_id << '\t' << std::stoll(first.kept_start) + 1 << '\n';
  part << first.id << '\t' << first.start << '\t' << first.end << '\t' << first.tokens << '\t'
       << first.kept_id << '\t' << first.kept_start << '\n';
  part << first.kept_id << '\t' << first.kept_start << '\t' << std::stoll(first.kept_start) + 1
       << "\t1\t\t\n";
  // And a row past the end of the document's text (as when an id names two documents).
  part << first.id << "\t1000000\t1000010\t2\t" << first.kept_id << "\t0\n";
  part.close();
  const SpansExplanation e = explain_spans(spans_options_of_run(out), out, first.id);
  ASSERT_EQ(e.cuts.size(), 3u);
  EXPECT_FALSE(e.cuts[2].within_text);
  EXPECT_FALSE(e.cuts[2].kept_equal);
  EXPECT_NE(spans_explanation_text(e).find("NOT within this document's text"), std::string::npos);
  EXPECT_FALSE(e.cuts[0].kept_equal && e.cuts[1].kept_equal);
  const ExplainedCut& right = e.cuts[0].kept_equal ? e.cuts[0] : e.cuts[1];
  EXPECT_TRUE(right.kept_equal);
  EXPECT_TRUE(right.kept_copy_cut);
}

}  // namespace
}  // namespace neardup
