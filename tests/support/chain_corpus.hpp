// Generated corpora whose near-duplicate graph chains, to test clustering that keeps documents.
#pragma once

#include <cstdint>
#include <vector>

#include "tests/support/corpus_generator.hpp"

namespace neardup::testing {

/// What to generate. Every document's id starts with its shape ("chain-", "template-",
/// "bigfamily-", "mail-", "single-"); similarities are exact Jaccard of word 5-gram sets.
struct ChainSpec {
  std::uint64_t seed = 7;
  /// The t the chains are built around.
  double threshold = 0.8;
  /// Sequences of documents, each the previous one with words replaced at random positions
  /// (at least 5 words from those the previous step replaced) until their Jaccard lies in
  /// [t, t + 0.05); documents two or more steps apart are below t, so a chain is a path.
  std::size_t chains = 6;
  std::size_t chain_length = 12;
  std::size_t chain_words = 200;  // words of each chain document
  /// Whether each chain's documents keep their chain order in the otherwise shuffled corpus
  /// (the first document of a chain comes first, which chains most under input-order keep).
  bool chain_in_order = true;
  /// Groups sharing a block that is 40-70% of each member's words (pairwise Jaccard at most
  /// about 0.54, so below any t above that), plus 2 copies of distinct members with one word
  /// replaced, the only duplicates of the group: member "template-GGG-MMMM" and its copy
  /// "template-GGG-MMMM-copy".
  std::size_t template_groups = 3;
  std::size_t template_group_size = 40;  // members, copies not counted
  /// One family of near-identical documents, more than minhash's bucket cap: the family's base
  /// with 1-3 of its last 3 words replaced, so any two members differ in at most 3 shingles
  /// (a clique at t <= (words - 7) / (words - 1), 0.89 for 60 words).
  std::size_t big_family_size = 1200;
  std::size_t big_family_words = 60;
  /// Mail threads of 3-6 messages; each reply adds a few lines and quotes the previous
  /// message with "> ", so a thread chains.
  std::size_t mail_threads = 20;
  /// Unrelated prose of 20-300 words.
  std::size_t singletons = 100;
};

/// Generates the corpus; the same spec always gives the same documents, in an order shuffled
/// from the seed (chains in their order when spec.chain_in_order). GeneratedDoc::base numbers
/// the group a document came from, distinct across shapes: chains 0 to chains - 1 (chain i is
/// base i, its documents "chain-iii-MMMM" in chain order), then the template groups, the big
/// family, the mail threads and one base per singleton.
std::vector<GeneratedDoc> generate_chain_corpus(const ChainSpec& spec);

}  // namespace neardup::testing
