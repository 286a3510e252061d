// `neardup explain` against exact Jaccard computed here, on shingle strings (not hashes, not
// neardup's shingler): every planted level, the verdict's consistency with the bands and the
// estimate, lookups by location, a missing id; and explain on a run's output directory
// against the pairs that run verified and, given one id, against what its clusters/ and
// reference/ say.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "core/lsh/lsh_params.hpp"
#include "io/write/tsv.hpp"
#include "jobs/cli/explain_command.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"
#include "tests/support/corpus_generator.hpp"

namespace neardup {
namespace {

using testing::CorpusSpec;
using testing::GeneratedDoc;

// The word 5-gram set of a text, as strings: words are runs of ASCII letters and digits
// (lowercased) and bytes >= 0x80, the tokenizer's documented rule, applied here on its own.
std::set<std::string> word_5grams(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : text + " ") {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || u >= 0x80) {
      word += static_cast<char>(std::tolower(u));
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  std::set<std::string> grams;
  if (words.size() < 5) {
    std::string all;
    for (const std::string& w : words) all += (all.empty() ? "" : " ") + w;
    if (!all.empty()) grams.insert(all);
    return grams;
  }
  for (std::size_t i = 0; i + 5 <= words.size(); ++i) {
    grams.insert(words[i] + " " + words[i + 1] + " " + words[i + 2] + " " + words[i + 3] + " " +
                 words[i + 4]);
  }
  return grams;
}

double jaccard_of(const std::string& x, const std::string& y) {
  const std::set<std::string> a = word_5grams(x), b = word_5grams(y);
  std::size_t common = 0;
  for (const std::string& g : a) common += b.count(g);
  return static_cast<double>(common) / static_cast<double>(a.size() + b.size() - common);
}

TEST(Explain, AgreesWithExactJaccardAndItsVerdictFollowsTheFlags) {
  CorpusSpec spec;
  spec.seed = 77;
  spec.base_docs = 60;
  spec.min_tokens = 40;
  spec.max_tokens = 200;
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  const std::string dir = testing::shared_temp_dir() + "/explain";
  testing::write_corpus(dir, docs, 2);
  MinhashOptions options;
  options.inputs = {dir};
  options.threshold = 0.8;
  // Documents of one planted base against each other (every level), and of different bases.
  std::map<std::size_t, std::vector<std::size_t>> by_base;
  for (std::size_t i = 0; i < docs.size(); ++i) by_base[docs[i].base].push_back(i);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& [base, members] : by_base) {
    for (std::size_t k = 1; k < members.size() && pairs.size() < 40; ++k) {
      pairs.emplace_back(members[0], members[k]);
    }
  }
  for (std::size_t i = 0; i + 1 < 20; ++i) pairs.emplace_back(by_base[i][0], by_base[i + 1][0]);
  std::size_t duplicates = 0, apart = 0;
  for (const auto& [x, y] : pairs) {
    const GeneratedDoc& base = docs[x];
    const GeneratedDoc& other = docs[y];
    const double truth = jaccard_of(base.text, other.text);
    const PairExplanation e = explain_pair(options, base.id, other.id);
    ASSERT_NEAR(e.exact_jaccard, truth, 1e-12) << base.id << " " << other.id;
    EXPECT_EQ(e.a.shingles, word_5grams(base.text).size());
    EXPECT_NEAR(static_cast<double>(e.agreeing) / e.num_perm, truth, 0.25) << base.id;
    EXPECT_EQ(e.candidate, !e.colliding_bands.empty());
    // The default exact verification: a candidate its sketch filter keeps, at exact J >= t.
    EXPECT_EQ(e.duplicate, e.candidate &&
                               e.agreeing >= sketch_filter_min_agree(options.threshold, 128) &&
                               truth >= options.threshold)
        << base.id << " " << other.id << " " << truth;
    if (truth >= 0.95) {
      EXPECT_TRUE(e.duplicate) << base.id << " " << other.id << " " << truth;
    }
    if (truth <= 0.3) {
      EXPECT_FALSE(e.duplicate) << base.id << " " << other.id << " " << truth;
    }
    duplicates += truth >= 0.95;
    apart += truth <= 0.3;
  }
  EXPECT_GT(duplicates, 5u);
  EXPECT_GT(apart, 5u);

  options.verify = VerifyMode::kExact;
  const PairExplanation same = explain_pair(options, docs[0].id, docs[0].id);
  EXPECT_DOUBLE_EQ(same.exact_jaccard, 1.0);
  EXPECT_TRUE(same.duplicate);
  EXPECT_EQ(same.colliding_bands.size(), same.layout.bands);

  const PairExplanation by_location = explain_pair(options, dir + "/a.jsonl:1", docs[1].id);
  EXPECT_EQ(by_location.a.location, dir + "/a.jsonl:1");
  EXPECT_NEAR(by_location.exact_jaccard, jaccard_of(docs[0].text, docs[1].text), 1e-12);

  EXPECT_THROW(explain_pair(options, "no-such-id", docs[0].id), JobError);
}

TEST(Explain, TakesTheRunsInputsAndFlagsAndAgreesWithItsPairs) {
  CorpusSpec spec;
  spec.seed = 78;
  spec.base_docs = 40;
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  const std::string dir = testing::shared_temp_dir() + "/explain-run";
  testing::write_corpus(dir + "/in", docs, 2);
  MinhashOptions run;
  run.inputs = {dir + "/in"};
  run.output = dir + "/out";
  run.threshold = 0.7;
  run.num_perm = 64;
  run.seed = 9;
  run.document.shingle.n = 4;
  run.write_pairs = true;
  run.overwrite = true;
  run_minhash(MPI_COMM_WORLD, run);

  const MinhashOptions back = options_of_run(run.output);
  EXPECT_EQ(back.inputs, run.inputs);
  EXPECT_DOUBLE_EQ(back.threshold, 0.7);
  EXPECT_EQ(back.num_perm, 64u);
  EXPECT_EQ(back.seed, 9u);
  EXPECT_EQ(back.document.shingle.n, 4u);
  EXPECT_EQ(back.verify, VerifyMode::kExact);  // the default
  // Every pair the run verified is a duplicate to explain, with the run's bands and rows.
  const std::vector<std::string> pairs = testing::part_lines(run.output, "pairs");
  ASSERT_GT(pairs.size(), 10u);
  for (std::size_t i = 0; i < 10; ++i) {
    const std::vector<std::string> fields = testing::split_tabs(pairs[i]);
    const PairExplanation e = explain_pair(back, fields[0], fields[1]);
    EXPECT_TRUE(e.duplicate) << pairs[i];
    EXPECT_NEAR(e.exact_jaccard, std::stod(fields[2]), 1e-6);
    const PairExplanation direct = explain_pair(run, fields[0], fields[1]);
    EXPECT_EQ(e.layout.bands, direct.layout.bands);
    EXPECT_EQ(e.layout.rows, direct.layout.rows);
    EXPECT_EQ(e.colliding_bands, direct.colliding_bands);
  }
  EXPECT_THROW(options_of_run(dir + "/in"), JobError);  // no stats.json there
}

// Given one id, explain --run names what the run's clusters/ says: a removed document's kept
// document and similarity (which the pair's exact Jaccard matches), a kept document's removals,
// a singleton kept. Two documents whose ids hold a tab and backslashes (escaped in clusters/)
// are found back.
TEST(Explain, NamesWhatTheRunDecidedForOneDocument) {
  CorpusSpec spec;
  spec.seed = 79;
  spec.base_docs = 40;
  std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  std::string copied;  // a text of their own
  for (int i = 0; i < 60; ++i) copied += "tabbed" + std::to_string(i) + " ";
  docs.push_back({"kept\tby \\ tab", copied, 0});
  docs.push_back({"removed\t\\n", copied, 0});
  const std::string dir = testing::shared_temp_dir() + "/explain-one";
  testing::write_corpus(dir + "/in", docs, 2);
  MinhashOptions run;
  run.inputs = {dir + "/in"};
  run.output = dir + "/out";
  run.threshold = 0.7;
  run.overwrite = true;
  run_minhash(MPI_COMM_WORLD, run);
  const MinhashOptions back = options_of_run(run.output);

  std::map<std::string, std::vector<std::string>> row_of;  // by id, unescaped
  std::map<std::string, std::uint64_t> removals;           // by kept document
  for (const std::string& line : testing::part_lines(run.output, "clusters")) {
    std::vector<std::string> f = testing::split_tabs(line);
    ASSERT_EQ(f.size(), 4u) << line;
    for (std::string& field : f) field = unescape_tsv_field(field);
    removals[f[1]] += f[2] == "0";
    row_of[f[0]] = f;
  }
  std::size_t removed = 0, kept = 0;
  for (const auto& [id, f] : row_of) {
    if ((f[2] == "0" ? removed++ : kept++) >= 12) continue;
    const DecisionExplanation e = explain_decision(back, run.output, id);
    EXPECT_EQ(e.decision.id, id);
    EXPECT_EQ(e.decision.rows, 1u) << id;
    if (f[2] == "0") {
      EXPECT_EQ(e.decision.outcome, RunDecision::Outcome::kRemoved) << id;
      EXPECT_EQ(e.decision.kept, f[1]) << id;
      EXPECT_EQ(e.decision.similarity, f[3]) << id;
      ASSERT_TRUE(e.pair) << id;
      EXPECT_EQ(e.pair->b.id, f[1]);
      EXPECT_NEAR(e.pair->exact_jaccard, std::stod(f[3]), 5e-7) << id;
      EXPECT_TRUE(e.pair->duplicate) << id;
      EXPECT_NE(decision_text(e, back).find("the run's similarity " + f[3] +
                                            " agrees with the exact Jaccard here"),
                std::string::npos);
    } else {
      EXPECT_EQ(e.decision.outcome, RunDecision::Outcome::kKeptRemovingOthers) << id;
      EXPECT_EQ(e.decision.removed, removals[id]) << id;
      EXPECT_GT(e.decision.removed, 0u) << id;
      EXPECT_FALSE(e.pair);
    }
  }
  EXPECT_GT(removed, 5u);
  EXPECT_GT(kept, 5u);
  const DecisionExplanation tab = explain_decision(back, run.output, "removed\t\\n");
  EXPECT_EQ(tab.decision.kept, "kept\tby \\ tab");
  EXPECT_EQ(tab.decision.similarity, "1.000000");

  std::size_t singletons = 0;
  for (const GeneratedDoc& doc : docs) {
    if (row_of.contains(doc.id) || singletons++ >= 3) continue;
    const DecisionExplanation e = explain_decision(back, run.output, doc.id);
    EXPECT_EQ(e.decision.outcome, RunDecision::Outcome::kKeptAlone) << doc.id;
    EXPECT_NE(decision_text(e, back).find("kept by the run, in no cluster"), std::string::npos);
  }
  EXPECT_GT(singletons, 0u);
  EXPECT_THROW(explain_decision(back, run.output, "no-such-id"), JobError);
  EXPECT_THROW(explain_decision(back, dir + "/in", docs[0].id), JobError);  // no clusters/ there
}

// Text files whose names hold a newline and a tab: clusters/ prints their paths (their ids)
// escaped, and explain finds each by the id as printed there as well as by its raw path, both
// for the run's decision and for a pair; a file whose raw name is another's printed one
// (a backslash and an n) is found by it: a raw match wins. explain prints the ids as clusters/
// does.
TEST(Explain, FindsATextFileByItsIdAsClustersPrintsIt) {
  const std::string dir = testing::shared_temp_dir() + "/explain-text-names";
  const std::string kept = "a\nfirst.txt", removed = "b\tsecond\nfile.txt";  // ids: the names
  if (testing::world_rank() == 0) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/in");
    std::string text;
    for (int i = 0; i < 60; ++i) text += "word" + std::to_string(i) + " ";
    for (const std::string& name : {kept, removed}) std::ofstream(dir + "/in/" + name) << text;
    std::ofstream(dir + "/in/c\nthird.txt") << "a newline in the name of this one";
    std::ofstream(dir + "/in/c\\nthird.txt") << "a backslash and an n, not a newline, in its name";
  }
  mpi_check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
  MinhashOptions run;
  run.inputs = {dir + "/in"};
  run.output = dir + "/out";
  run.format = InputFormat::kText;
  run.overwrite = true;
  run_minhash(MPI_COMM_WORLD, run);
  const MinhashOptions back = options_of_run(run.output);
  std::map<std::string, std::string> printed;  // the keep column by the id column, as printed
  for (const std::string& line : testing::part_lines(run.output, "clusters")) {
    const std::vector<std::string> f = testing::split_tabs(line);
    ASSERT_EQ(f.size(), 4u) << line;
    printed[f[0]] = f[2];
  }
  const std::string kept_printed = escape_tsv_field(kept),
                    removed_printed = escape_tsv_field(removed);
  ASSERT_EQ(printed,
            (std::map<std::string, std::string>{{kept_printed, "1"}, {removed_printed, "0"}}));
  for (const std::string& id : {removed_printed, removed}) {
    const DecisionExplanation e = explain_decision(back, run.output, id);
    EXPECT_EQ(e.decision.outcome, RunDecision::Outcome::kRemoved);
    EXPECT_EQ(e.decision.id, removed);
    EXPECT_TRUE(e.decision.location.ends_with("/in/" + removed)) << e.decision.location;
    EXPECT_EQ(e.decision.kept, kept);
    ASSERT_TRUE(e.pair);
    EXPECT_EQ(e.pair->exact_jaccard, 1.0);
    // Printed as clusters/ prints them: one line each, ready to paste back to --id.
    const std::string text = decision_text(e, back);
    EXPECT_TRUE(text.starts_with(removed_printed + " (")) << text;
    EXPECT_NE(text.find("kept in its place: " + kept_printed + ", similarity"), std::string::npos)
        << text;
    EXPECT_EQ(text.find('\t'), std::string::npos) << text;
  }
  const DecisionExplanation k = explain_decision(back, run.output, kept_printed);
  EXPECT_EQ(k.decision.outcome, RunDecision::Outcome::kKeptRemovingOthers);
  EXPECT_EQ(k.decision.removed, 1u);
  const DecisionExplanation raw = explain_decision(back, run.output, "c\\nthird.txt");
  EXPECT_EQ(raw.decision.id, "c\\nthird.txt");
  EXPECT_EQ(explain_decision(back, run.output, "c\\\\nthird.txt").decision.id, "c\\nthird.txt");
  const PairExplanation pair = explain_pair(back, kept_printed, removed_printed);
  EXPECT_TRUE(pair.a.location.ends_with("/in/" + kept)) << pair.a.location;
  EXPECT_TRUE(pair.b.location.ends_with("/in/" + removed)) << pair.b.location;
  EXPECT_TRUE(pair.duplicate);
}

// A run against an earlier one (--reference) removes the documents the earlier corpus holds:
// explain names the earlier document and the similarity reference/ wrote, and explains no pair.
TEST(Explain, NamesTheEarlierDocumentOfAReferenceRemoval) {
  CorpusSpec spec;
  spec.seed = 80;
  spec.base_docs = 20;
  const std::vector<GeneratedDoc> docs = testing::generate_corpus(spec);
  const std::string dir = testing::shared_temp_dir() + "/explain-reference";
  testing::write_corpus(dir + "/in", docs, 2);
  MinhashOptions earlier;
  earlier.inputs = {dir + "/in"};
  earlier.output = dir + "/earlier";
  earlier.write_deduped = true;
  earlier.overwrite = true;
  run_minhash(MPI_COMM_WORLD, earlier);
  MinhashOptions again = earlier;
  again.output = dir + "/again";
  again.reference = earlier.output;
  run_minhash(MPI_COMM_WORLD, again);
  const MinhashOptions back = options_of_run(again.output);
  const std::vector<std::string> rows = testing::part_lines(again.output, "reference");
  ASSERT_GT(rows.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    const std::vector<std::string> f = testing::split_tabs(rows[i]);
    const DecisionExplanation e = explain_decision(back, again.output, f[0]);
    EXPECT_EQ(e.decision.outcome, RunDecision::Outcome::kRemovedByReference) << rows[i];
    EXPECT_EQ(e.decision.kept, f[1]) << rows[i];
    EXPECT_EQ(e.decision.similarity, f[2]) << rows[i];
    EXPECT_FALSE(e.pair);
    EXPECT_NE(decision_text(e, back).find("the earlier corpus (--reference) holds " + f[1]),
              std::string::npos);
  }
}

}  // namespace
}  // namespace neardup
