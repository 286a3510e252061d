// The verify stage under MPI: rounds bounded by payload bytes, and the same verified pairs as a
// serial exact Jaccard whatever the budget and the rank count.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "core/graph/union_find.hpp"
#include "core/sketch/jaccard.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/verify_rounds.hpp"
#include "jobs/stages/verify_stage.hpp"

namespace neardup {
namespace {

TEST(VerifyRounds, EveryRoundFitsTheBudgetUnlessItHoldsOnePair) {
  std::mt19937_64 rng(5);
  std::vector<DensePair> pairs;
  for (std::uint32_t a = 0; a < 300; ++a) {
    for (int k = 0; k < 4; ++k)
      pairs.push_back({a, a + 1 + static_cast<std::uint32_t>(rng() % 50)});
  }
  std::vector<std::uint64_t> bytes(400);
  for (std::size_t d = 0; d < bytes.size(); ++d) bytes[d] = d % 7 == 0 ? 5000 : 100 + d;
  const auto skip = [](const DensePair& p) { return p.a % 10 == 3; };
  constexpr std::uint64_t kBudget = 3000;
  RoundPlanner planner(pairs, bytes, kBudget);
  std::size_t rounds = 0, taken = 0, last = 0;
  while (!planner.done()) {
    const std::vector<std::size_t> round = planner.next_round(skip);
    ++rounds;
    ASSERT_FALSE(round.empty());
    std::set<std::uint32_t> docs;
    for (const std::size_t i : round) {
      EXPECT_TRUE(taken == 0 || i > last) << "pairs are taken in order, each once";
      last = i;
      ++taken;
      EXPECT_FALSE(skip(pairs[i]));
      docs.insert(pairs[i].a);
      docs.insert(pairs[i].b);
    }
    std::uint64_t used = 0;
    for (const std::uint32_t d : docs) used += bytes[d];
    if (round.size() > 1) {
      EXPECT_LE(used, kBudget) << "round " << rounds;
    }
    // Greedy: the first pair after the round that is not skipped would not have fitted.
    std::size_t after = last + 1;
    while (after < pairs.size() && skip(pairs[after])) ++after;
    if (after < pairs.size()) {
      docs.insert(pairs[after].a);
      docs.insert(pairs[after].b);
      std::uint64_t with_next = 0;
      for (const std::uint32_t d : docs) with_next += bytes[d];
      EXPECT_GT(with_next, kBudget) << "round " << rounds << " was cut early";
    }
  }
  EXPECT_GT(rounds, 10u);
  EXPECT_EQ(taken, static_cast<std::size_t>(std::count_if(
                       pairs.begin(), pairs.end(), [&](const DensePair& p) { return !skip(p); })));
}

TEST(VerifyRounds, AClusterSharesARoundWhenItFits) {
  // Four families (d mod 4) of 25 documents, every pair within a family: in input order the
  // families' pairs interleave, so rounds cut in that order would hold every document in
  // many rounds.
  std::vector<DensePair> pairs;
  for (std::uint32_t a = 0; a < 100; ++a) {
    for (std::uint32_t b = a + 4; b < 100; b += 4) pairs.push_back({a, b});
  }
  const std::vector<std::uint64_t> bytes(100, 10);
  RoundPlanner planner(pairs, bytes, 250);  // one family's 25 documents fit, two do not
  std::vector<int> rounds_of(100, 0);
  std::vector<std::size_t> last_of_family(4, 0);
  std::vector<bool> seen(pairs.size(), false);
  std::size_t rounds = 0;
  while (!planner.done()) {
    const std::vector<std::size_t> round =
        planner.next_round([](const DensePair&) { return false; });
    ++rounds;
    std::set<std::uint32_t> docs;
    for (const std::size_t i : round) {
      ASSERT_FALSE(seen[i]) << "pair " << i << " taken twice";
      seen[i] = true;
      const std::uint32_t family = pairs[i].a % 4;
      EXPECT_TRUE(last_of_family[family] == 0 || i > last_of_family[family])
          << "a family's pairs are taken in input order";
      last_of_family[family] = i;
      docs.insert(pairs[i].a);
      docs.insert(pairs[i].b);
    }
    for (const std::uint32_t d : docs) ++rounds_of[d];
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), static_cast<std::ptrdiff_t>(pairs.size()));
  EXPECT_EQ(rounds, 4u);
  for (std::uint32_t d = 0; d < 100; ++d) EXPECT_EQ(rounds_of[d], 1) << "document " << d;
}

TEST(VerifyRounds, RoundsTakeComponentsFromTheWholeIdRange) {
  // 1,000 two-document components in id order. Ids follow their owners (the low half one
  // rank's, the high half another's), so rounds taking components in id order would make one
  // rank do a round's work while the other waits.
  std::vector<DensePair> pairs;
  for (std::uint32_t c = 0; c < 1000; ++c) pairs.push_back({2 * c, 2 * c + 1});
  const std::vector<std::uint64_t> bytes(2000, 10);
  RoundPlanner planner(pairs, bytes, 200);  // 10 components a round
  std::size_t rounds = 0, low_in_first_half = 0;
  while (!planner.done()) {
    const std::vector<std::size_t> round =
        planner.next_round([](const DensePair&) { return false; });
    ++rounds;
    if (rounds > 50) continue;
    low_in_first_half += static_cast<std::size_t>(std::count_if(
        round.begin(), round.end(), [&](std::size_t i) { return pairs[i].a < 1000; }));
  }
  // Of the first 500 components taken, about half are low (id order: all 500).
  EXPECT_GT(low_in_first_half, 200u);
  EXPECT_LT(low_in_first_half, 300u);
  EXPECT_EQ(rounds, 100u);
}

TEST(VerifyRounds, DenseDocsNumberDocumentsInIdOrder) {
  const std::vector<DocPair> pairs = {{5, 90}, {5, 7}, {7, 1000}, {90, 1000}};
  const DenseDocs docs(pairs);
  ASSERT_EQ(docs.size(), 4u);
  EXPECT_EQ(docs.doc(0), 5u);
  EXPECT_EQ(docs.doc(3), 1000u);
  const std::vector<DensePair> dense = docs.number(pairs);
  ASSERT_EQ(dense.size(), 4u);
  EXPECT_EQ(dense[0].a, 0u);
  EXPECT_EQ(dense[0].b, 2u);
  EXPECT_EQ(dense[2].a, 1u);
  EXPECT_EQ(dense[2].b, 3u);
}

// Document d's shingle set: 300-500 hashes; documents of one family (d mod 5) overlap, in two
// disjoint halves (d mod 3 = 0 or not), so pairs pass or fail by their sizes and halves.
std::vector<std::uint64_t> set_of(DocId d) {
  std::vector<std::uint64_t> set;
  const std::uint64_t family = d % 5;
  const std::uint64_t size = 300 + (d * 37) % 200;
  for (std::uint64_t i = 0; i < size; ++i) set.push_back(family * 1000000 + i * 3 + (d % 3 == 0));
  std::sort(set.begin(), set.end());
  return set;
}

TEST(VerifyCandidates, SameAsSerialJaccardForAnyBudget) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int rank = exchanger.rank();
  const int ranks = exchanger.size();
  constexpr DocId kDocs = 120;
  const OwnerFn owner = [&](DocId doc) { return static_cast<int>(doc % ranks); };
  std::vector<DocPair> mine, all;
  for (DocId a = 0; a < kDocs; ++a) {
    for (DocId b = a + 5; b < std::min(kDocs, a + 60); b += 5) {
      all.push_back({a, b});
      if (owner(a) == rank) mine.push_back({a, b});
    }
  }
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    EXPECT_EQ(owner(doc), rank);
    const auto set = set_of(doc);
    out.append(reinterpret_cast<const char*>(set.data()), set.size() * sizeof(std::uint64_t));
  };
  const PayloadSizeFn size_of = [](DocId doc) { return 8 + 8 * set_of(doc).size(); };
  std::vector<std::pair<DocPair, double>> want;
  for (const DocPair& p : mine) {
    const double j = exact_jaccard(set_of(p.a), set_of(p.b));
    if (j >= 0.6) want.push_back({p, j});
  }
  ASSERT_GT(sum_over_ranks(MPI_COMM_WORLD, want.size()), 100u);
  ASSERT_LT(sum_over_ranks(MPI_COMM_WORLD, want.size()), all.size());
  for (const std::uint64_t budget :
       {std::uint64_t{1}, std::uint64_t{20000}, std::uint64_t{1} << 30}) {
    const PayloadAccess access{owner, provide, PayloadViewFn(), size_of, budget};
    VerifyCounts counts;
    const auto got =
        verify_candidates(exchanger, mine, {{CheckKind::kJaccard, 0.6}, false}, access, counts);
    EXPECT_EQ(counts.checked, mine.size());
    EXPECT_EQ(counts.skipped_joined, 0u);
    ASSERT_EQ(got.size(), want.size()) << "budget " << budget;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].a, want[i].first.a);
      EXPECT_EQ(got[i].b, want[i].first.b);
      EXPECT_DOUBLE_EQ(got[i].similarity, want[i].second);
    }
  }
}

// The components of the pairs over `docs` documents (the smallest document of each).
std::vector<std::size_t> components_of(const std::vector<std::pair<DocId, DocId>>& edges,
                                       std::size_t docs) {
  UnionFind sets(docs);
  for (const auto& [a, b] : edges) sets.unite(a, b);
  std::vector<std::size_t> root(docs);
  for (std::size_t d = 0; d < docs; ++d) root[d] = sets.find(d);
  return root;
}

TEST(VerifyCandidates, SkippingJoinedPairsKeepsTheComponents) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int rank = exchanger.rank();
  const int ranks = exchanger.size();
  constexpr DocId kDocs = 120;
  const OwnerFn owner = [&](DocId doc) { return static_cast<int>((doc / 7) % ranks); };
  std::vector<DocPair> mine;
  std::size_t all = 0;
  for (DocId a = 0; a < kDocs; ++a) {
    for (DocId b = a + 5; b < std::min(kDocs, a + 60); b += 5) {
      ++all;
      if (owner(a) == rank) mine.push_back({a, b});
    }
  }
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    const auto set = set_of(doc);
    out.append(reinterpret_cast<const char*>(set.data()), set.size() * sizeof(std::uint64_t));
  };
  const PayloadSizeFn size_of = [](DocId doc) { return 8 + 8 * set_of(doc).size(); };
  const PayloadAccess access{owner, provide, PayloadViewFn(), size_of, 30000};
  std::vector<std::vector<std::size_t>> components;
  std::uint64_t checked[2] = {0, 0}, passed[2] = {0, 0};
  for (const bool skip : {false, true}) {
    VerifyCounts counts;
    const auto got =
        verify_candidates(exchanger, mine, {{CheckKind::kJaccard, 0.6}, skip}, access, counts);
    EXPECT_EQ(counts.checked + counts.skipped_joined, mine.size());
    checked[skip] = sum_over_ranks(MPI_COMM_WORLD, counts.checked);
    passed[skip] = sum_over_ranks(MPI_COMM_WORLD, got.size());
    std::vector<std::uint64_t> flat;
    for (const VerifiedPair& p : got) {
      EXPECT_GE(p.similarity, 0.6);
      flat.push_back(p.a);
      flat.push_back(p.b);
    }
    // Gather every rank's verified pairs on every rank.
    int count = static_cast<int>(flat.size());
    std::vector<int> counts_of(ranks), offsets(ranks, 0);
    MPI_Allgather(&count, 1, MPI_INT, counts_of.data(), 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 1; r < ranks; ++r) offsets[r] = offsets[r - 1] + counts_of[r - 1];
    std::vector<std::uint64_t> every(offsets.back() + counts_of.back());
    MPI_Allgatherv(flat.data(), count, MPI_UINT64_T, every.data(), counts_of.data(), offsets.data(),
                   MPI_UINT64_T, MPI_COMM_WORLD);
    std::vector<std::pair<DocId, DocId>> edges;
    for (std::size_t i = 0; i < every.size(); i += 2) edges.push_back({every[i], every[i + 1]});
    components.push_back(components_of(edges, kDocs));
  }
  EXPECT_EQ(checked[0], all);
  // Skipping, a pair that passes joins two sets of its rank's union-find: at most kDocs - 1
  // per rank, where every pair that passes is many more.
  const std::uint64_t spanning = static_cast<std::uint64_t>(ranks) * (kDocs - 1);
  EXPECT_GT(passed[0], spanning);
  EXPECT_LE(passed[1], spanning);
  EXPECT_LT(checked[1], checked[0]);
  EXPECT_EQ(components[0], components[1]);
}

}  // namespace
}  // namespace neardup
