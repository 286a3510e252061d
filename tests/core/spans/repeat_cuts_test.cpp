// The spans rule end to end in one process: winnowed anchors, shared anchors, window hashes,
// window facts and cuts, against the oracle that groups every window by its tokens, on the
// span corpus (runs of min_tokens - 1, min_tokens, min_tokens + 1 and longer, overlapping,
// repeated in one document, one run in hundreds of documents, Han text at run edges).
#include "core/spans/repeat_cuts.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/sketch/shingles.hpp"
#include "core/spans/window_groups.hpp"
#include "core/spans/winnowing.hpp"
#include "tests/support/span_corpus.hpp"
#include "tests/support/span_oracle.hpp"

namespace neardup {
namespace {

using testing::TokenList;
using Kind = WindowFact::Kind;

struct Corpus {
  std::vector<TokenStream> streams;
  std::vector<TokenList> tokens;
};

Corpus tokenize_corpus(const std::vector<testing::GeneratedDoc>& docs) {
  Corpus corpus;
  Tokenizer tokenizer;
  for (const auto& doc : docs) {
    TokenStream stream;
    tokenizer.tokenize(doc.text, stream);
    TokenList list;
    for (std::size_t i = 0; i < stream.size(); ++i) {
      list.push_back(stream.text.substr(stream.starts[i], stream.ends[i] - stream.starts[i]));
    }
    corpus.streams.push_back(std::move(stream));
    corpus.tokens.push_back(std::move(list));
  }
  return corpus;
}

// What the spans job computes across ranks, in one process: anchors of every document, the
// windows of shared anchors, their facts. `hash_mask` forces collisions when not all ones.
std::vector<std::vector<WindowFact>> winnowed_facts(const Corpus& corpus, const SpanSpec& spec,
                                                    std::uint64_t hash_mask = ~0ULL) {
  const std::size_t docs = corpus.streams.size();
  std::vector<std::vector<std::uint32_t>> anchor_of_window(docs);
  std::vector<Fingerprint> anchors;
  std::vector<std::uint64_t> kgrams;
  std::vector<std::uint32_t> distinct;
  for (std::size_t d = 0; d < docs; ++d) {
    if (corpus.tokens[d].size() < spec.min_tokens) continue;
    shingle_hashes(corpus.streams[d], {ShingleKind::kWord, spec.fingerprint_tokens(), 1}, kgrams);
    for (auto& h : kgrams) h &= hash_mask;
    window_anchors(kgrams, spec.winnow_window(), anchor_of_window[d]);
    distinct_anchors(anchor_of_window[d], distinct);
    for (const std::uint32_t a : distinct) anchors.push_back({kgrams[a], d, a});
  }
  std::sort(anchors.begin(), anchors.end());
  const std::vector<WindowFact> shared = window_facts(anchors);  // anchors seen twice repeat
  std::vector<std::vector<bool>> hot(docs);
  for (std::size_t d = 0; d < docs; ++d) hot[d].resize(corpus.tokens[d].size());
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    if (shared[i].kind != Kind::kUnique) hot[anchors[i].doc][anchors[i].token] = true;
  }
  std::vector<Fingerprint> windows;
  std::vector<std::uint64_t> window_hashes;
  for (std::size_t d = 0; d < docs; ++d) {
    if (anchor_of_window[d].empty()) continue;
    shingle_hashes(corpus.streams[d], {ShingleKind::kWord, spec.min_tokens, 1}, window_hashes);
    for (std::uint32_t p = 0; p < anchor_of_window[d].size(); ++p) {
      if (hot[d][anchor_of_window[d][p]]) windows.push_back({window_hashes[p] & hash_mask, d, p});
    }
  }
  std::sort(windows.begin(), windows.end());
  const std::vector<WindowFact> found = window_facts(windows);
  std::vector<std::vector<WindowFact>> facts(docs);
  for (std::size_t d = 0; d < docs; ++d) facts[d].resize(anchor_of_window[d].size());
  for (std::size_t i = 0; i < windows.size(); ++i)
    facts[windows[i].doc][windows[i].token] = found[i];
  return facts;
}

std::vector<std::vector<TokenCut>> cuts_of(const std::vector<std::vector<WindowFact>>& facts,
                                           const Corpus& corpus, const SpanSpec& spec) {
  std::vector<std::vector<TokenCut>> cuts;
  for (std::size_t d = 0; d < facts.size(); ++d) {
    cuts.push_back(
        cut_repeats(facts[d], static_cast<std::uint32_t>(corpus.tokens[d].size()), spec));
  }
  return cuts;
}

std::size_t count_cut(const std::vector<std::vector<bool>>& cut) {
  std::size_t n = 0;
  for (const auto& doc : cut)
    n += static_cast<std::size_t>(std::count(doc.begin(), doc.end(), true));
  return n;
}

class SpansAgainstOracle : public ::testing::TestWithParam<unsigned> {};

TEST_P(SpansAgainstOracle, WinnowedCutsAreTheOraclesExactly) {
  const unsigned m = GetParam();
  const auto docs = testing::generate_span_corpus(
      {.seed = 11 + m, .docs = 150, .min_tokens = m, .planted_runs = 12, .popular_copies = 120});
  const Corpus corpus = tokenize_corpus(docs);
  for (const KeepOccurrence keep : {KeepOccurrence::kFirst, KeepOccurrence::kNone}) {
    const SpanSpec spec{.min_tokens = m, .kgram = std::max(1u, m / 4), .keep = keep};
    const auto exact = testing::exact_window_facts(corpus.tokens, m);
    const auto winnowed = winnowed_facts(corpus, spec);
    ASSERT_EQ(winnowed, exact);
    const auto cuts = cuts_of(winnowed, corpus, spec);
    EXPECT_EQ(testing::check_cuts(corpus.tokens, cuts, spec), "");
    const auto expected = testing::tokens_cut_by_definition(exact, corpus.tokens, spec);
    EXPECT_EQ(testing::tokens_cut(corpus.tokens, cuts), expected);
    EXPECT_GT(count_cut(expected), 120u * m);  // the popular run alone
  }
}

INSTANTIATE_TEST_SUITE_P(MinTokens, SpansAgainstOracle, ::testing::Values(4u, 13u, 50u));

// A chain: "a b" first in doc 1, "b c" first in doc 0; doc 1's "b c" and doc 2's "a b" are
// copies. Cutting doc 1's "b c" whole would cut the "b" doc 2's cut names as kept.
TEST(RepeatCuts, TheKeptRunOfACutIsNeverCut) {
  const std::vector<TokenList> docs = {{"b", "c"}, {"a", "b", "c"}, {"a", "b"}};
  const SpanSpec spec{.min_tokens = 2, .kgram = 1};
  const auto facts = testing::exact_window_facts(docs, 2);
  std::vector<std::vector<TokenCut>> cuts;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    cuts.push_back(cut_repeats(facts[d], static_cast<std::uint32_t>(docs[d].size()), spec));
  }
  EXPECT_TRUE(cuts[0].empty());
  EXPECT_EQ(cuts[1], (std::vector<TokenCut>{{2, 3, true, 0, 1, 1, 3}}));
  EXPECT_EQ(cuts[2], (std::vector<TokenCut>{{0, 2, true, 1, 0, 0, 2}}));
  EXPECT_EQ(testing::check_cuts(docs, cuts, spec), "");
}

// A run repeated in one document, overlapping itself: what stays is one copy.
TEST(RepeatCuts, ARunRepeatedInItsOwnDocumentKeepsOneCopy) {
  const std::vector<TokenList> docs = {{"x", "p", "q", "r", "y", "p", "q", "r", "p", "q", "r"}};
  const SpanSpec spec{.min_tokens = 3, .kgram = 1};
  const auto facts = testing::exact_window_facts(docs, 3);
  const auto cuts = cut_repeats(facts[0], 11, spec);
  EXPECT_EQ(testing::check_cuts(docs, {cuts}, spec), "");
  EXPECT_EQ(testing::tokens_cut(docs, {cuts}),
            testing::tokens_cut_by_definition(facts, docs, spec));
  // "p q r" stays at 1; 5-10 ("p q r p q r") go, each cut pointing at tokens 1-3.
  ASSERT_FALSE(cuts.empty());
  EXPECT_EQ(cuts.front().begin, 5u);
  EXPECT_EQ(cuts.back().end, 11u);
}

TEST(RepeatCuts, KeepNoneCutsEveryOccurrence) {
  const std::vector<TokenList> docs = {{"a", "b", "c", "d"}, {"z", "b", "c", "d"}};
  const SpanSpec spec{.min_tokens = 3, .kgram = 1, .keep = KeepOccurrence::kNone};
  const auto facts = testing::exact_window_facts(docs, 3);
  EXPECT_EQ(cut_repeats(facts[0], 4, spec), (std::vector<TokenCut>{{1, 4, false, 1, 1, 1, 4}}));
  EXPECT_EQ(cut_repeats(facts[1], 4, spec), (std::vector<TokenCut>{{1, 4, false, 0, 1, 1, 4}}));
  EXPECT_EQ(testing::check_cuts(
                docs, {cut_repeats(facts[0], 4, spec), cut_repeats(facts[1], 4, spec)}, spec),
            "");
}

// Runs of min_tokens - 1 tokens are never cut; runs of min_tokens are.
TEST(RepeatCuts, OnlyRunsOfMinTokensAreCut) {
  const std::vector<TokenList> docs = {{"u", "a", "b", "c", "v", "d", "e", "f", "g"},
                                       {"a", "b", "c", "w", "d", "e", "f", "g", "x"}};
  const SpanSpec spec{.min_tokens = 4, .kgram = 2};
  const auto facts = testing::exact_window_facts(docs, 4);
  EXPECT_TRUE(cut_repeats(facts[0], 9, spec).empty());
  EXPECT_EQ(cut_repeats(facts[1], 9, spec), (std::vector<TokenCut>{{4, 8, true, 0, 5, 4, 8}}));
}

// Forced fingerprint collisions (hashes masked to 4 bits) make anchors shared and windows
// "equal" that are not: the facts then say so, and only comparing the tokens can refuse the
// cut. The oracle sees no repeat in a corpus of unique text.
TEST(RepeatCuts, CollidingHashesFindCandidatesTheTokensRefuse) {
  const auto docs = testing::generate_span_corpus(
      {.docs = 60, .min_tokens = 8, .planted_runs = 0, .popular_copies = 0});
  const Corpus corpus = tokenize_corpus(docs);
  const SpanSpec spec{.min_tokens = 8, .kgram = 2};
  const auto exact = testing::exact_window_facts(corpus.tokens, 8);
  const auto collided = winnowed_facts(corpus, spec, 0xF);
  EXPECT_EQ(count_cut(testing::tokens_cut_by_definition(exact, corpus.tokens, spec)), 0u);
  const auto cuts = cuts_of(collided, corpus, spec);
  EXPECT_NE(testing::check_cuts(corpus.tokens, cuts, spec), "");
}

}  // namespace
}  // namespace neardup
