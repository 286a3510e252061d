// The spans job against the brute-force oracle (every window of min_tokens tokens grouped by
// its tokens): the tokens spans/ cuts are exactly the rule's, for both --keep-occurrence
// rules, at every rank count and at 4 KiB and 64 MiB splits; each cut equals the run it names
// as kept, which stays; deduped/ is every record with its text cut and every other byte as
// read; colliding fingerprints cut nothing the tokens do not confirm.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/spans/repeat_cuts.hpp"
#include "core/spans/text_cuts.hpp"
#include "core/text/token_origins.hpp"
#include "io/json/json_string_edit.hpp"
#include "jobs/methods/spans_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/span_corpus.hpp"
#include "tests/support/span_oracle.hpp"
#include "tests/support/split_compression.hpp"

namespace neardup {
namespace {

using testing::GeneratedDoc;
using testing::TokenList;
using testing::world_rank;

// One row of spans/.
struct Row {
  std::string id;
  std::uint32_t start = 0;
  std::uint32_t end = 0;
  std::uint32_t tokens = 0;
  std::string kept_id;
  std::string kept_start;
};

std::vector<Row> read_rows(const std::string& out) {
  std::vector<Row> rows;
  for (const std::string& line : testing::part_lines(out, "spans")) {
    std::vector<std::string> f = testing::split_tabs(line);
    EXPECT_GE(f.size(), 4u) << line;
    if (f.size() < 4) continue;
    f.resize(6);  // the kept columns, empty under --keep-occurrence none
    rows.push_back({f[0], static_cast<std::uint32_t>(std::stoul(f[1])),
                    static_cast<std::uint32_t>(std::stoul(f[2])),
                    static_cast<std::uint32_t>(std::stoul(f[3])), f[4], f[5]});
  }
  return rows;
}

// A document as the oracle and the checks see it.
struct Doc {
  std::string text;
  TokenStream stream;
  std::vector<TokenOrigin> origins;
  TokenList tokens;
};

std::vector<Doc> tokenized(const std::vector<GeneratedDoc>& corpus) {
  std::vector<Doc> docs(corpus.size());
  Tokenizer tokenizer;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    Doc& d = docs[i];
    d.text = corpus[i].text;
    EXPECT_TRUE(tokenize_with_origins(tokenizer, d.text, d.stream, d.origins));
    for (std::size_t t = 0; t < d.stream.size(); ++t) {
      d.tokens.push_back(
          d.stream.text.substr(d.stream.starts[t], d.stream.ends[t] - d.stream.starts[t]));
    }
  }
  return docs;
}

// The tokens each row cuts, per document: those whose bytes lie inside the row's.
std::vector<std::vector<bool>> tokens_of_rows(const std::vector<Doc>& docs,
                                              const std::map<std::string, std::size_t>& index,
                                              const std::vector<Row>& rows) {
  std::vector<std::vector<bool>> cut(docs.size());
  for (std::size_t d = 0; d < docs.size(); ++d) cut[d].assign(docs[d].tokens.size(), false);
  for (const Row& row : rows) {
    const std::size_t d = index.at(row.id);
    std::uint32_t n = 0;
    for (std::size_t t = 0; t < docs[d].origins.size(); ++t) {
      const TokenOrigin& o = docs[d].origins[t];
      if (o.start >= row.start && o.end <= row.end) {
        cut[d][t] = true;
        ++n;
      }
    }
    EXPECT_EQ(n, row.tokens) << row.id << " " << row.start;
  }
  return cut;
}

// Tokens [run.begin, run.end) of `doc`, as a message names them.
std::string row_text(const Doc& doc, const TokenCut& run) {
  return "tokens [" + std::to_string(run.begin) + ", " + std::to_string(run.end) + ") of \"" +
         doc.text.substr(0, 30) + "\"";
}

// Each document's rows are cut_repeats' runs on the oracle's facts, one row a run, in the
// same places: a row starts where its run does (or a token later, where the run's first token
// stays between two it would join, as expect_cut_as_defined allows; a one-token run then has
// no row), ends where its run ends, and under kFirst names the run's equal document and the
// byte its equal tokens start at. Rows split otherwise than the runs (the same tokens cut in
// more or fewer rows, another copy named) fail here though every token is cut as defined.
void expect_rows_are_runs(const std::vector<Doc>& docs,
                          const std::map<std::string, std::size_t>& index,
                          const std::vector<Row>& rows,
                          const std::vector<std::vector<WindowFact>>& facts, const SpanSpec& spec) {
  std::vector<std::vector<const Row*>> of_doc(docs.size());
  for (const Row& row : rows) of_doc[index.at(row.id)].push_back(&row);
  for (std::size_t d = 0; d < docs.size(); ++d) {
    const Doc& doc = docs[d];
    std::vector<const Row*>& got = of_doc[d];
    std::sort(got.begin(), got.end(),
              [](const Row* a, const Row* b) { return a->start < b->start; });
    const std::vector<TokenCut> runs =
        cut_repeats(facts[d], static_cast<std::uint32_t>(doc.tokens.size()), spec);
    // The first token of a row: the first whose bytes start inside it.
    const auto first_token = [&](const Row& row) {
      std::uint32_t t = 0;
      while (t < doc.origins.size() && doc.origins[t].start < row.start) ++t;
      return t;
    };
    std::size_t next = 0;
    for (const TokenCut& run : runs) {
      const Row* row = next < got.size() ? got[next] : nullptr;
      const std::uint32_t begin = row ? first_token(*row) : 0;
      const bool whole = row && begin == run.begin;
      const bool later = row && begin == run.begin + 1;
      if (!row || !(whole || later) || begin + row->tokens != run.end) {
        EXPECT_EQ(run.end - run.begin, 1u) << row_text(doc, run) << ": no row for this run";
        continue;
      }
      ++next;
      if (spec.keep != KeepOccurrence::kFirst) continue;
      const Doc& kept = docs[run.equal_doc];
      EXPECT_EQ(index.at(row->kept_id), run.equal_doc) << row->id << " " << row->start;
      EXPECT_EQ(row->kept_start,
                std::to_string(kept.origins[run.equal_begin + (begin - run.begin)].start))
          << row->id << " " << row->start;
    }
    EXPECT_EQ(next, got.size()) << got.size() - next << " rows of " << got.front()->id
                                << " are no run of cut_repeats";
  }
}

// The tokens cut (`cut`, from the rows) are the rule's (`defined`), but for a first token kept
// where cutting it would have left the tokens on either side with nothing between, read as one
// token: token t kept, t - 1 kept and right against t, the next kept token u after the cut run
// from t + 1, and t - 1's bytes followed by u's tokenizing as one token.
void expect_cut_as_defined(const std::vector<Doc>& docs, const std::vector<std::vector<bool>>& cut,
                           const std::vector<std::vector<bool>>& defined) {
  Tokenizer tokenizer;
  TokenStream joined;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    const std::vector<TokenOrigin>& o = docs[d].origins;
    for (std::size_t t = 0; t < cut[d].size(); ++t) {
      ASSERT_FALSE(cut[d][t] && !defined[d][t]) << "doc " << d << " token " << t << " cut";
      if (cut[d][t] || !defined[d][t]) continue;
      ASSERT_TRUE(t > 0 && !cut[d][t - 1] && o[t - 1].end == o[t].start)
          << "doc " << d << " token " << t << " not cut";
      std::size_t u = t + 1;
      while (u < cut[d].size() && cut[d][u]) ++u;
      ASSERT_TRUE(u > t + 1 || u < cut[d].size()) << "doc " << d << " token " << t;
      ASSERT_LT(u, cut[d].size()) << "doc " << d << " token " << t;
      const std::string& text = docs[d].text;
      tokenizer.tokenize(text.substr(o[t - 1].start, o[t - 1].end - o[t - 1].start) +
                             text.substr(o[u].start, o[u].end - o[u].start),
                         joined);
      ASSERT_EQ(joined.size(), 1u) << "doc " << d << " token " << t << " kept for no reason";
    }
  }
}

// Each row's tokens equal those at its kept place, which are not cut.
void expect_rows_kept_elsewhere(const std::vector<Doc>& docs,
                                const std::map<std::string, std::size_t>& index,
                                const std::vector<Row>& rows,
                                const std::vector<std::vector<bool>>& cut) {
  for (const Row& row : rows) {
    const Doc& doc = docs[index.at(row.id)];
    const Doc& kept = docs[index.at(row.kept_id)];
    std::size_t first = 0, at = 0;
    while (first < doc.origins.size() && doc.origins[first].start < row.start) ++first;
    while (at < kept.origins.size() && kept.origins[at].start != std::stoul(row.kept_start)) ++at;
    ASSERT_LT(at + row.tokens, kept.origins.size() + 1) << row.id;
    for (std::uint32_t i = 0; i < row.tokens; ++i) {
      ASSERT_EQ(doc.tokens[first + i], kept.tokens[at + i]) << row.id << " vs " << row.kept_id;
      ASSERT_FALSE(cut[index.at(row.kept_id)][at + i]) << row.kept_id << " kept run is cut";
    }
  }
}

// deduped/: each document's record with its text cut by its rows' bytes, in input order; a
// document left shorter than `min_doc_tokens` is gone unless a row names it as kept. The cut
// text, tokenized again, is the document's tokens without the cut ones (no two tokens around a
// cut fuse into one), and every document a row names as kept is still there.
void expect_deduped(const std::string& out, const std::vector<GeneratedDoc>& corpus,
                    const std::vector<Doc>& docs, const std::vector<Row>& rows,
                    std::uint32_t min_doc_tokens) {
  std::map<std::string, std::vector<ByteCut>> cuts;
  std::set<std::string> kept;
  for (const Row& row : rows) {
    cuts[row.id].push_back({row.start, row.end});
    if (!row.kept_id.empty()) kept.insert(row.kept_id);
  }
  for (auto& [id, list] : cuts) {
    std::sort(list.begin(), list.end(), [](auto& a, auto& b) { return a.start < b.start; });
  }
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < corpus.size(); ++i) index[corpus[i].id] = i;
  const std::vector<std::vector<bool>> cut_tokens = tokens_of_rows(docs, index, rows);
  std::vector<std::string> expected;
  std::set<std::string> written;
  Tokenizer tokenizer;
  TokenStream again;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const auto it = cuts.find(corpus[i].id);
    if (it == cuts.end()) {
      expected.push_back(testing::to_json_line(corpus[i]));
      written.insert(corpus[i].id);
      continue;
    }
    GeneratedDoc cut_doc = corpus[i];
    cut_doc.text = text_without(corpus[i].text, it->second);
    std::string left;
    for (std::size_t t = 0; t < docs[i].tokens.size(); ++t) {
      if (!cut_tokens[i][t]) left += (left.empty() ? "" : " ") + docs[i].tokens[t];
    }
    tokenizer.tokenize(cut_doc.text, again);
    EXPECT_EQ(again.text, left) << corpus[i].id << ": tokens around a cut changed";
    if (again.size() < min_doc_tokens && !kept.contains(corpus[i].id)) continue;
    expected.push_back(testing::to_json_line(cut_doc));
    written.insert(corpus[i].id);
  }
  EXPECT_EQ(testing::part_lines(out, "deduped"), expected);
  for (const std::string& id : kept)
    EXPECT_TRUE(written.contains(id)) << id << " kept, not written";
}

struct SpansRun {
  SpanSpec spec;
  std::uint64_t split_bytes = 64ull << 20;
  std::uint32_t min_doc_tokens = 1;
  std::uint64_t mask = ~0ULL;
  std::uint64_t round_bytes = 0;  // what one search or cut round holds; 0: 64 MiB
};

SpansSummary run(const std::string& dir, const std::string& name, const SpansRun& r) {
  SpansOptions o;
  o.inputs = {dir + "/in"};
  o.output = dir + "/" + name;
  o.spec = r.spec;
  o.split_bytes = r.split_bytes;
  o.min_doc_tokens = r.min_doc_tokens;
  o.fingerprint_mask = r.mask;
  o.round_bytes = r.round_bytes;
  o.progress_seconds = 0;
  return run_spans(MPI_COMM_WORLD, o);
}

// Runs spans with --min-tokens 20 on `input` into `output`.
SpansSummary run_spans_at(const std::string& input, const std::string& output) {
  SpansOptions o;
  o.inputs = {input};
  o.output = output;
  o.spec.min_tokens = 20;
  o.progress_seconds = 0;
  return run_spans(MPI_COMM_WORLD, o);
}

class SpansJob : public ::testing::Test {
 protected:
  void SetUp() override {
    corpus_ = testing::generate_span_corpus(
        {.seed = 5, .docs = 120, .min_tokens = 13, .planted_runs = 8, .popular_copies = 300});
    dir_ = testing::shared_temp_dir();
    testing::write_corpus(dir_ + "/in", corpus_, 3);
    docs_ = tokenized(corpus_);
    for (std::size_t i = 0; i < corpus_.size(); ++i) index_[corpus_[i].id] = i;
    for (const Doc& d : docs_) tokens_.push_back(d.tokens);
  }

  // Runs spans and checks every output against the oracle on rank 0.
  void expect_oracle(const std::string& name, const SpansRun& r) {
    const SpansSummary summary = run(dir_, name, r);
    if (world_rank() != 0) return;
    const std::string out = dir_ + "/" + name;
    const std::vector<Row> rows = read_rows(out);
    const auto facts = testing::exact_window_facts(tokens_, r.spec.min_tokens);
    const auto expected = testing::tokens_cut_by_definition(facts, tokens_, r.spec);
    const auto cut = tokens_of_rows(docs_, index_, rows);
    expect_cut_as_defined(docs_, cut, expected);
    expect_rows_are_runs(docs_, index_, rows, facts, r.spec);
    if (r.spec.keep == KeepOccurrence::kFirst) {
      expect_rows_kept_elsewhere(docs_, index_, rows, cut);
    } else {
      for (const Row& row : rows) EXPECT_EQ(row.kept_id + row.kept_start, "") << row.id;
    }
    expect_deduped(out, corpus_, docs_, rows, r.min_doc_tokens);
    EXPECT_EQ(summary.cuts, rows.size());
    EXPECT_EQ(summary.cuts_refused, 0u);
    EXPECT_GT(summary.tokens_cut, 0u);
    EXPECT_TRUE(std::filesystem::exists(out + "/_SUCCESS"));
    EXPECT_EQ(testing::stat(out, "/docs_read"), corpus_.size());
    EXPECT_EQ(testing::stat(out, "/deduped_lines") + summary.docs_removed, corpus_.size());
    // The corpus takes the search's every way: anchors decided whole, representatives'
    // windows one by one, and followers resolved from them.
    EXPECT_GT(testing::stat(out, "/whole_anchors"), 0u);
    EXPECT_GT(testing::stat(out, "/windows_shuffled"), 0u);
    EXPECT_GT(testing::stat(out, "/follower_anchors"), 0u);
    EXPECT_GT(testing::stat(out, "/window_runs"), 0u);
    // The search (anchors, then windows) and the cut go in one round each by default, in
    // many when a round holds little, the search's later rounds spilled meanwhile.
    if (r.round_bytes != 0) {
      EXPECT_GT(summary.search_rounds, 8u);
      EXPECT_GT(summary.search_bytes_spilled, 0u);
      EXPECT_GT(summary.cut_rounds, 3u);
    } else {
      EXPECT_EQ(summary.search_rounds, 2u);
      EXPECT_EQ(summary.search_bytes_spilled, 0u);
      EXPECT_EQ(summary.cut_rounds, 1u);
    }
    EXPECT_EQ(testing::stat(out, "/search_rounds"), summary.search_rounds);
    EXPECT_EQ(testing::stat(out, "/search_bytes_spilled"), summary.search_bytes_spilled);
    EXPECT_EQ(testing::stat(out, "/cut_rounds"), summary.cut_rounds);
    EXPECT_FALSE(std::filesystem::exists(out + "/_tmp")) << "scratch left after the run";
  }

  std::vector<GeneratedDoc> corpus_;
  std::string dir_;
  std::vector<Doc> docs_;
  std::vector<TokenList> tokens_;
  std::map<std::string, std::size_t> index_;
};

TEST_F(SpansJob, KeepFirstCutsExactlyTheOraclesTokens) {
  expect_oracle("first", {.spec = {.min_tokens = 13}});
  expect_oracle("first-small-splits",
                {.spec = {.min_tokens = 13}, .split_bytes = 4096, .min_doc_tokens = 5});
  expect_oracle("first-short-docs-go", {.spec = {.min_tokens = 13}, .min_doc_tokens = 60});
}

// The search and the cut in rounds of 2 KiB per rank: anchors and representatives' windows
// in many rounds of k-gram buckets, the later ones spilled to scratch files meanwhile, and a
// document's cuts and the runs they fetch in many rounds: the cuts are the oracle's all the
// same.
TEST_F(SpansJob, SearchAndCutInRoundsOfBoundedBytesEqualTheOracle) {
  expect_oracle("rounds",
                {.spec = {.min_tokens = 13}, .split_bytes = 4096, .round_bytes = 2 << 10});
  expect_oracle("rounds-none", {.spec = {.min_tokens = 13, .keep = KeepOccurrence::kNone},
                                .round_bytes = 2 << 10});
}

TEST_F(SpansJob, KeepNoneCutsEveryOccurrence) {
  expect_oracle("none",
                {.spec = {.min_tokens = 13, .keep = KeepOccurrence::kNone}, .split_bytes = 4096});
}

TEST_F(SpansJob, LongerRunsWithOtherFingerprints) {
  expect_oracle("long", {.spec = {.min_tokens = 30, .kgram = 3}});
  expect_oracle("long-kgram-1", {.spec = {.min_tokens = 30, .kgram = 1}, .split_bytes = 4096});
}

// report.html, against spans/'s rows: its first repeat is cut as often as the kept copy the
// most rows name, its first document lost the most bytes (ties by id), and --no-report
// writes no page.
TEST_F(SpansJob, TheReportShowsTheMostCutRunAndDocument) {
  run(dir_, "report", {.spec = {.min_tokens = 13}});
  SpansOptions quiet;
  quiet.inputs = {dir_ + "/in"};
  quiet.output = dir_ + "/no-report";
  quiet.spec.min_tokens = 13;
  quiet.progress_seconds = 0;
  quiet.write_report = false;
  run_spans(MPI_COMM_WORLD, quiet);
  if (world_rank() != 0) return;
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/no-report/report.html"));
  std::ifstream in(dir_ + "/report/report.html");
  const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::map<std::tuple<std::string, std::string, std::uint32_t>, std::uint64_t> copies;
  std::map<std::string, std::uint64_t> bytes;
  for (const Row& r : read_rows(dir_ + "/report")) {
    ++copies[{r.kept_id, r.kept_start, r.tokens}];
    bytes[r.id] += r.end - r.start;
  }
  ASSERT_FALSE(copies.empty());
  std::uint64_t most_copies = 0;
  for (const auto& [key, n] : copies) most_copies = std::max(most_copies, n);
  std::pair<std::uint64_t, std::string> most_bytes{0, ""};
  for (const auto& [id, n] : bytes) {
    if (n > most_bytes.first) most_bytes = {n, id};  // ascending ids: the first of ties stays
  }
  const std::size_t table = page.find("<table id=\"repeats\">");
  ASSERT_NE(table, std::string::npos);
  const std::string first_cell = "<td class=\"n\">";
  const std::size_t cell = page.find(first_cell, table) + first_cell.size();
  EXPECT_EQ(page.substr(cell, page.find('<', cell) - cell), std::to_string(most_copies));
  const std::size_t documents = page.find("<h2>Documents before and after");
  ASSERT_NE(documents, std::string::npos);
  const std::size_t heading = page.find("<h3>", documents) + 4;
  EXPECT_EQ(page.substr(heading, page.find(' ', heading) - heading), most_bytes.second);
  EXPECT_NE(page.find("<del>", documents), std::string::npos);
}

// The page's repeats and documents do not depend on the rounds: counted from batches of a few
// cuts (kept copies gathered as sorted runs on their owners, contenders pruned as they come),
// they are those of one batch.
TEST_F(SpansJob, TheReportIsTheSameForAnyRounds) {
  run(dir_, "one", {.spec = {.min_tokens = 13}});
  run(dir_, "many", {.spec = {.min_tokens = 13}, .round_bytes = 512});
  if (world_rank() != 0) return;
  const auto shown = [&](const std::string& out) {
    std::ifstream in(dir_ + "/" + out + "/report.html");
    const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t table = page.find("<table id=\"repeats\">");
    return table == std::string::npos ? std::string() : page.substr(table);
  };
  EXPECT_NE(shown("one").find("<td class=\"n\">"), std::string::npos);
  EXPECT_EQ(shown("one"), shown("many"));
}

TEST_F(SpansJob, OutputsAreTheSameForEverySplitSize) {
  run(dir_, "a", {.spec = {.min_tokens = 13}});
  run(dir_, "b", {.spec = {.min_tokens = 13}, .split_bytes = 4096});
  if (world_rank() != 0) return;
  EXPECT_EQ(testing::sorted(testing::part_lines(dir_ + "/a", "spans")),
            testing::sorted(testing::part_lines(dir_ + "/b", "spans")));
  EXPECT_EQ(testing::part_lines(dir_ + "/a", "deduped"),
            testing::part_lines(dir_ + "/b", "deduped"));
}

// Fingerprints masked to 12 and 20 bits: anchors and windows "repeat" that do not, and groups
// of equal hashes mix different text. The tokens refuse what is not repeated: every cut token
// is in a window the corpus repeats, and the run a cut names as kept is equal and stays. (Which
// occurrence is first can be lost to a collision, so the cuts may differ from the oracle's.)
// At 12 bits windows of different text collide inside one k-gram's group, so some proposed
// cuts are refused; at 20 bits they rarely do, and the cuts are checked all the same. With the
// high 16 bits kept too, k-gram and window hashes travel as their low 48 bits, 12 of them
// random: they collide as at 12 bits, while the contexts (sent whole) do not.
TEST_F(SpansJob, CollidingFingerprintsCutOnlyWhatTheTokensConfirm) {
  for (const std::uint64_t mask : {0xFFFULL, 0xFFFFFULL, 0xFFFF'0000'0000'0FFFULL}) {
    const std::string name = "collide-" + std::to_string(mask);
    const SpansSummary summary = run(dir_, name, {.spec = {.min_tokens = 13}, .mask = mask});
    if (mask != 0xFFFFF) {  // 12 random bits: the high 16 of the last mask do not travel
      EXPECT_GT(summary.cuts_refused, 0u);
    }
    if (world_rank() != 0) continue;
    const std::vector<Row> rows = read_rows(dir_ + "/" + name);
    if (mask == 0xFFFFF) {
      EXPECT_GT(rows.size(), 0u);
    }
    const auto cut = tokens_of_rows(docs_, index_, rows);
    expect_rows_kept_elsewhere(docs_, index_, rows, cut);
    const auto facts = testing::exact_window_facts(tokens_, 13);
    const auto truth = testing::tokens_cut_by_definition(
        facts, tokens_, {.min_tokens = 13, .keep = KeepOccurrence::kNone});
    for (std::size_t d = 0; d < docs_.size(); ++d) {
      for (std::size_t t = 0; t < cut[d].size(); ++t) {
        ASSERT_FALSE(cut[d][t] && !truth[d][t]) << corpus_[d].id << " token " << t;
      }
    }
  }
}

// One run in 10,000 short documents, the corpus one zstd frame (a file no rank can split, read
// by one rank and handed out): the oracle's cuts.
TEST(SpansJobPopular, ARunInTenThousandDocumentsOfOneCompressedFile) {
  const auto corpus = testing::generate_span_corpus(
      {.seed = 3, .docs = 30, .min_tokens = 13, .planted_runs = 2, .popular_copies = 10000});
  const std::string dir = testing::shared_temp_dir();
  if (world_rank() == 0) {
    std::string content;
    for (const GeneratedDoc& doc : corpus) content += testing::to_json_line(doc) + "\n";
    std::filesystem::create_directories(dir + "/in");
    std::ofstream(dir + "/in/all.jsonl.zst", std::ios::binary)
        << testing::zstd_frames_at(content, {}).bytes;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const SpansSummary summary = run(dir, "out", {.spec = {.min_tokens = 13}});
  if (world_rank() != 0) return;
  const std::vector<Doc> docs = tokenized(corpus);
  std::map<std::string, std::size_t> index;
  std::vector<TokenList> tokens;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    index[corpus[i].id] = i;
    tokens.push_back(docs[i].tokens);
  }
  const std::vector<Row> rows = read_rows(dir + "/out");
  const auto cut = tokens_of_rows(docs, index, rows);
  const auto truth = testing::tokens_cut_by_definition(testing::exact_window_facts(tokens, 13),
                                                       tokens, {.min_tokens = 13});
  expect_cut_as_defined(docs, cut, truth);
  expect_rows_kept_elsewhere(docs, index, rows, cut);
  std::uint64_t docs_cut = 0;
  for (const auto& doc : truth) docs_cut += std::find(doc.begin(), doc.end(), true) != doc.end();
  EXPECT_EQ(summary.docs_cut, docs_cut);
  EXPECT_GT(docs_cut, 9000u);  // most copies of the run (a few are kept as first occurrences
                               // of the windows where the run meets their other words)
}

// Documents of paragraphs of lines, a third of the lines from a pool of boilerplate lines (some
// in upper case or with other spacing: the same tokens), some paragraphs from a pool of
// boilerplate paragraphs, some lines repeated inside one document, blank lines of spaces.
std::vector<GeneratedDoc> line_corpus() {
  std::mt19937_64 rng(21);
  const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  const auto line = [&] {
    std::string out;
    const std::size_t words = 2 + pick(9);
    for (std::size_t w = 0; w < words; ++w) {
      if (w > 0) out += pick(5) == 0 ? ", " : " ";
      if (pick(8) == 0) {
        out += "\xE6\x9D\xB1\xE4\xBA\xAC";  // Han characters: a token each
      } else {
        for (std::size_t c = 0, n = 2 + pick(7); c < n; ++c)
          out += static_cast<char>('a' + pick(26));
      }
    }
    return out;
  };
  std::vector<std::string> pool(40), paragraphs(8);
  for (std::string& l : pool) l = line();
  for (std::string& p : paragraphs) p = pool[pick(40)] + "\n" + line() + "\n" + pool[pick(40)];
  std::vector<GeneratedDoc> docs;
  for (std::size_t d = 0; d < 300; ++d) {
    std::string text;
    for (std::size_t p = 0, n = 1 + pick(6); p < n; ++p) {
      if (p > 0) text += pick(3) == 0 ? "\n \n" : "\n\n";
      if (pick(5) == 0) {
        text += paragraphs[pick(8)];
        continue;
      }
      for (std::size_t l = 0, lines = 1 + pick(4); l < lines; ++l) {
        if (l > 0) text += "\n";
        std::string next = pick(3) == 0 ? pool[pick(40)] : line();
        if (pick(6) == 0) {
          for (char& c : next) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        if (pick(6) == 0) next = "  " + next + " .";
        text += next;
      }
    }
    docs.push_back({"u" + std::to_string(d), text, d});
  }
  return docs;
}

// The units of one text by the definition, written apart from core/spans: byte ranges of lines
// (with their '\n') or of paragraphs (non-blank lines and the blank lines after them), each
// with its canonical tokens (the unit's bytes tokenized alone), those with tokens only.
std::vector<std::pair<ByteCut, std::string>> oracle_units(const std::string& text,
                                                          bool paragraphs) {
  std::vector<ByteCut> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t nl = text.find('\n', start);
    const std::size_t end = nl == std::string::npos ? text.size() : nl + 1;
    lines.push_back({static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(end)});
    start = end;
  }
  std::vector<ByteCut> ranges;
  bool open = false;
  for (const ByteCut& l : lines) {
    const bool blank =
        text.substr(l.start, l.end - l.start).find_first_not_of(" \t\r\f\v\n") == std::string::npos;
    if (!paragraphs) {
      ranges.push_back(l);
    } else if (blank) {
      if (!ranges.empty()) ranges.back().end = l.end;
      open = false;
    } else if (open) {
      ranges.back().end = l.end;
    } else {
      ranges.push_back(l);
      open = true;
    }
  }
  std::vector<std::pair<ByteCut, std::string>> units;
  Tokenizer tokenizer;
  TokenStream tokens;
  for (const ByteCut& r : ranges) {
    tokenizer.tokenize(std::string_view(text).substr(r.start, r.end - r.start), tokens);
    if (tokens.size() > 0) units.emplace_back(r, tokens.text + "#" + std::to_string(tokens.size()));
  }
  return units;
}

// The rows spans/ must hold for `unit` by the oracle: "id start end tokens kept_id".
std::vector<std::string> oracle_unit_rows(const std::vector<GeneratedDoc>& corpus, bool paragraphs,
                                          KeepOccurrence keep, unsigned min_docs) {
  std::map<std::string, std::vector<std::pair<std::size_t, ByteCut>>> where;
  std::map<std::string, std::size_t> tokens_of;
  for (std::size_t d = 0; d < corpus.size(); ++d) {
    for (const auto& [range, canonical] : oracle_units(corpus[d].text, paragraphs)) {
      where[canonical].emplace_back(d, range);
      tokens_of[canonical] = std::stoul(canonical.substr(canonical.rfind('#') + 1));
    }
  }
  std::vector<std::string> rows;
  for (const auto& [canonical, places] : where) {
    std::set<std::size_t> docs;
    for (const auto& place : places) docs.insert(place.first);
    if (places.size() < 2 || docs.size() < min_docs) continue;
    for (std::size_t i = keep == KeepOccurrence::kFirst ? 1 : 0; i < places.size(); ++i) {
      const auto& [d, range] = places[i];
      rows.push_back(corpus[d].id + " " + std::to_string(range.start) + " " +
                     std::to_string(range.end) + " " + std::to_string(tokens_of[canonical]) + " " +
                     (keep == KeepOccurrence::kFirst ? corpus[places[0].first].id : ""));
    }
  }
  return testing::sorted(rows);
}

// The unit, which occurrence stays, --min-docs, and the bytes of a search round (0: 64 MiB).
class SpansUnits
    : public ::testing::TestWithParam<std::tuple<SpanUnit, KeepOccurrence, unsigned, unsigned>> {};

TEST_P(SpansUnits, CutUnitsAreTheOraclesExactly) {
  const auto [unit, keep, min_docs, round_bytes] = GetParam();
  const std::vector<GeneratedDoc> corpus = line_corpus();
  const std::string dir = testing::shared_temp_dir();
  testing::write_corpus(dir + "/in", corpus, 2);
  SpanSpec spec;
  spec.unit = unit;
  spec.keep = keep;
  spec.min_docs = min_docs;
  const SpansSummary summary =
      run(dir, "out", {.spec = spec, .split_bytes = 4096, .round_bytes = round_bytes});
  EXPECT_EQ(summary.cuts_refused, 0u);
  if (round_bytes != 0) {  // the units in many rounds, the later ones spilled meanwhile
    EXPECT_GT(summary.search_rounds, 4u);
    EXPECT_GT(summary.search_bytes_spilled, 0u);
  } else {
    EXPECT_EQ(summary.search_rounds, 1u);
    EXPECT_EQ(summary.search_bytes_spilled, 0u);
  }
  if (world_rank() != 0) return;
  std::vector<std::string> rows;
  for (const Row& r : read_rows(dir + "/out")) {
    rows.push_back(r.id + " " + std::to_string(r.start) + " " + std::to_string(r.end) + " " +
                   std::to_string(r.tokens) + " " + r.kept_id);
  }
  const std::vector<std::string> expected =
      oracle_unit_rows(corpus, unit == SpanUnit::kParagraph, keep, min_docs);
  EXPECT_GT(expected.size(), 20u);
  EXPECT_EQ(testing::sorted(rows), expected);
  expect_deduped(dir + "/out", corpus, tokenized(corpus), read_rows(dir + "/out"), 1);
}

INSTANTIATE_TEST_SUITE_P(
    Units, SpansUnits,
    ::testing::Values(std::tuple{SpanUnit::kLine, KeepOccurrence::kFirst, 2u, 0u},
                      std::tuple{SpanUnit::kLine, KeepOccurrence::kNone, 3u, 0u},
                      std::tuple{SpanUnit::kLine, KeepOccurrence::kFirst, 2u, 512u},
                      std::tuple{SpanUnit::kParagraph, KeepOccurrence::kFirst, 2u, 0u}));

// Two documents with one id: counted in stats.json and named on report.html, since spans/
// rows name documents by id (the cuts themselves still go to the right document).
TEST(SpansJobRecords, RepeatedIdsAreCountedAndWarnedAbout) {
  std::string run;
  for (int i = 0; i < 30; ++i) run += " word" + std::to_string(i);
  const std::string dir = testing::shared_temp_dir();
  if (world_rank() == 0) {
    std::filesystem::create_directories(dir + "/in");
    std::ofstream(dir + "/in/a.jsonl") << R"({"id": "x", "text": "one)" << run << "\"}\n"
                                       << R"({"id": "x", "text": "two)" << run << "\"}\n"
                                       << R"({"id": "y", "text": "three)" << run << "\"}\n";
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const SpansSummary summary = run_spans_at(dir + "/in", dir + "/out");
  EXPECT_EQ(summary.cuts, 2u);
  if (world_rank() != 0) return;
  EXPECT_EQ(testing::stat(dir + "/out", "/duplicate_ids"), 1u);
  std::ifstream page(dir + "/out/report.html");
  const std::string html((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  EXPECT_NE(html.find("1 documents repeat an earlier document&#39;s id"), std::string::npos);
}

// Records written by hand: a byte-order mark before a record stays before its cut record; a text
// field whose key is written with an escape cannot be rewritten in place, and the job fails
// naming the record rather than writing it uncut.
TEST(SpansJobRecords, ByteOrderMarksStayAndEscapedKeysFail) {
  std::string run;
  for (int i = 0; i < 30; ++i) run += " word" + std::to_string(i);
  const std::string dir = testing::shared_temp_dir();
  if (world_rank() == 0) {
    std::filesystem::create_directories(dir + "/in");
    std::filesystem::create_directories(dir + "/bad");
    std::ofstream(dir + "/in/a.jsonl") << R"({"id": "a", "text": "first)" << run << "\"}\n"
                                       << "\xEF\xBB\xBF"
                                       << R"({"id": "b", "text": "second)" << run << "\"}\n";
    std::ofstream(dir + "/bad/a.jsonl") << R"({"id": "a", "text": "first)" << run << "\"}\n"
                                        << R"({"id": "b", "te\u0078t": "second)" << run << "\"}\n";
  }
  MPI_Barrier(MPI_COMM_WORLD);
  run_spans_at(dir + "/in", dir + "/out");
  if (world_rank() == 0) {
    const std::vector<std::string> lines = testing::part_lines(dir + "/out", "deduped");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[1],
              "\xEF\xBB\xBF"
              R"({"id": "b", "text": "second "})");  // its space stays
  }
  try {
    run_spans_at(dir + "/bad", dir + "/bad-out");
    ADD_FAILURE() << "an escaped text key was written";
  } catch (const JobError& e) {
    EXPECT_NE(std::string(e.what()).find("a.jsonl:2: cannot write the cut record"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir + "/bad-out/_SUCCESS"));
}

// A corpus without repeats, fingerprints colliding: nothing is cut.
TEST(SpansJobCollisions, UniqueTextIsNeverCut) {
  const auto corpus = testing::generate_span_corpus(
      {.seed = 9, .docs = 80, .min_tokens = 10, .planted_runs = 0, .popular_copies = 0});
  const std::string dir = testing::shared_temp_dir();
  testing::write_corpus(dir + "/in", corpus, 2);
  const SpansSummary summary = run(dir, "out", {.spec = {.min_tokens = 10}, .mask = 0x3});
  EXPECT_EQ(summary.cuts, 0u);
  EXPECT_GT(summary.cuts_refused, 0u);
  if (world_rank() == 0) {
    EXPECT_TRUE(testing::part_lines(dir + "/out", "spans").empty());
  }
}

}  // namespace
}  // namespace neardup
