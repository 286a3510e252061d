// Checks generate_chain_corpus against exact all-pairs Jaccard: chains are paths just above t,
// templates stay below t but for their planted copies, the big family is a clique.
#include "tests/support/chain_corpus.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "tests/support/brute_force.hpp"
#include "tests/support/realistic_corpus.hpp"

namespace neardup::testing {
namespace {

const ChainSpec kSpec;

const std::vector<GeneratedDoc>& corpus() {
  static const std::vector<GeneratedDoc> docs = generate_chain_corpus(kSpec);
  return docs;
}

// The documents of one shape, sorted by id, grouped by GeneratedDoc::base.
std::map<std::size_t, std::vector<GeneratedDoc>> groups_of(const std::string& shape) {
  std::map<std::size_t, std::vector<GeneratedDoc>> groups;
  for (const GeneratedDoc& doc : corpus()) {
    if (shape_of(doc.id) == shape) groups[doc.base].push_back(doc);
  }
  for (auto& [base, docs] : groups) {
    std::sort(docs.begin(), docs.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  }
  return groups;
}

std::vector<std::string> texts_of(const std::vector<GeneratedDoc>& docs) {
  std::vector<std::string> texts;
  for (const GeneratedDoc& doc : docs) texts.push_back(doc.text);
  return texts;
}

// Every pair's exact Jaccard, 0 for pairs sharing no shingle; the pairs at any similarity.
std::vector<std::vector<double>> jaccard_matrix(const std::vector<GeneratedDoc>& docs) {
  std::vector<std::vector<double>> j(docs.size(), std::vector<double>(docs.size(), 0.0));
  for (const TruePair& pair : all_pairs_at_least(texts_of(docs), ShingleSpec{}, 0.0)) {
    j[pair.a][pair.b] = j[pair.b][pair.a] = pair.jaccard;
  }
  return j;
}

TEST(ChainCorpus, ChainsArePathsJustAboveTheThreshold) {
  const auto chains = groups_of("chain");
  ASSERT_EQ(chains.size(), kSpec.chains);
  for (const auto& [base, chain] : chains) {
    ASSERT_EQ(chain.size(), kSpec.chain_length);
    const auto j = jaccard_matrix(chain);
    for (std::size_t a = 0; a < chain.size(); ++a) {
      for (std::size_t b = a + 1; b < chain.size(); ++b) {
        if (b == a + 1) {
          EXPECT_GE(j[a][b], kSpec.threshold) << chain[a].id << " " << chain[b].id;
          EXPECT_LT(j[a][b], kSpec.threshold + 0.05) << chain[a].id << " " << chain[b].id;
        } else {
          EXPECT_LT(j[a][b], kSpec.threshold) << chain[a].id << " " << chain[b].id;
        }
      }
    }
  }
}

TEST(ChainCorpus, TemplatesShareTextButOnlyThePlantedCopiesAreDuplicates) {
  const auto groups = groups_of("template");
  ASSERT_EQ(groups.size(), kSpec.template_groups);
  for (const auto& [base, group] : groups) {
    ASSERT_EQ(group.size(), kSpec.template_group_size + 2);
    const auto j = jaccard_matrix(group);
    std::size_t planted = 0;
    for (std::size_t a = 0; a < group.size(); ++a) {
      for (std::size_t b = a + 1; b < group.size(); ++b) {
        // Ids sort a member just before its copy.
        if (group[b].id == group[a].id + "-copy") {
          ++planted;
          EXPECT_GE(j[a][b], kSpec.threshold) << group[b].id;
        } else {
          EXPECT_LT(j[a][b], kSpec.threshold) << group[a].id << " " << group[b].id;
          EXPECT_GE(j[a][b], 0.2) << group[a].id << " " << group[b].id;
        }
      }
    }
    EXPECT_EQ(planted, 2u);
  }
}

TEST(ChainCorpus, BigFamilyIsAClique) {
  const auto family = groups_of("bigfamily");
  ASSERT_EQ(family.size(), 1u);
  const std::vector<GeneratedDoc>& docs = family.begin()->second;
  ASSERT_EQ(docs.size(), kSpec.big_family_size);
  const std::size_t n = docs.size();
  EXPECT_EQ(all_pairs_at_least(texts_of(docs), ShingleSpec{}, kSpec.threshold).size(),
            n * (n - 1) / 2);
}

TEST(ChainCorpus, DuplicatesNeverCrossGroupsAndGroupsNeverCrossShapes) {
  const std::vector<GeneratedDoc>& docs = corpus();
  for (const TruePair& pair : all_pairs_at_least(texts_of(docs), ShingleSpec{}, kSpec.threshold)) {
    ASSERT_EQ(docs[pair.a].base, docs[pair.b].base) << docs[pair.a].id << " " << docs[pair.b].id;
  }
  std::map<std::size_t, std::string> shape_of_group;
  for (const GeneratedDoc& doc : docs) {
    EXPECT_EQ(shape_of_group.emplace(doc.base, shape_of(doc.id)).first->second, shape_of(doc.id))
        << doc.id;
  }
  EXPECT_EQ(shape_of_group.size(),
            kSpec.chains + kSpec.template_groups + 1 + kSpec.mail_threads + kSpec.singletons);
}

TEST(ChainCorpus, MailThreadsHaveThreeToSixMessages) {
  const auto threads = groups_of("mail");
  ASSERT_EQ(threads.size(), kSpec.mail_threads);
  for (const auto& [base, thread] : threads) {
    EXPECT_GE(thread.size(), 3u);
    EXPECT_LE(thread.size(), 6u);
  }
}

// The position in `docs` of each id.
std::map<std::string, std::size_t> positions(const std::vector<GeneratedDoc>& docs) {
  std::map<std::string, std::size_t> at;
  for (std::size_t i = 0; i < docs.size(); ++i) at[docs[i].id] = i;
  return at;
}

// Whether every chain's documents come in chain order.
bool chains_in_order(const std::vector<GeneratedDoc>& docs) {
  const auto at = positions(docs);
  for (auto it = at.begin(); std::next(it) != at.end(); ++it) {
    const auto next = std::next(it);
    const bool same_chain =
        shape_of(it->first) == "chain" && it->first.substr(0, 9) == next->first.substr(0, 9);
    if (same_chain && it->second > next->second) return false;
  }
  return true;
}

TEST(ChainCorpus, ChainOrderIsKeptOnlyWhenAsked) {
  EXPECT_TRUE(chains_in_order(corpus()));
  ChainSpec shuffled = kSpec;
  shuffled.chain_in_order = false;
  EXPECT_FALSE(chains_in_order(generate_chain_corpus(shuffled)));
  // The rest is shuffled: the chains, generated first, are not all at the front.
  std::size_t last_chain = 0;
  for (const auto& [id, i] : positions(corpus())) {
    if (shape_of(id) == "chain") last_chain = std::max(last_chain, i);
  }
  EXPECT_GT(last_chain, kSpec.chains * kSpec.chain_length);
}

TEST(ChainCorpus, SameSpecSameCorpusOtherSeedOtherText) {
  const std::vector<GeneratedDoc> again = generate_chain_corpus(kSpec);
  ASSERT_EQ(again.size(), corpus().size());
  for (std::size_t i = 0; i < again.size(); ++i) {
    EXPECT_EQ(again[i].id, corpus()[i].id);
    EXPECT_EQ(again[i].text, corpus()[i].text);
    EXPECT_EQ(again[i].base, corpus()[i].base);
  }
  ChainSpec other = kSpec;
  other.seed = kSpec.seed + 1;
  const std::vector<std::string> texts = texts_of(corpus());
  const std::set<std::string> seen(texts.begin(), texts.end());
  for (const GeneratedDoc& doc : generate_chain_corpus(other)) {
    EXPECT_EQ(seen.count(doc.text), 0u) << doc.id;
  }
}

}  // namespace
}  // namespace neardup::testing
