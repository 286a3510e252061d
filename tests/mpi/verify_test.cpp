// The verify stage under MPI: rounds bounded by payload bytes, and the same verified pairs as a
// serial exact Jaccard whatever the budget and the rank count.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "core/jaccard.hpp"
#include "jobs/mpi_check.hpp"
#include "jobs/verify_stage.hpp"

namespace neardup {
namespace {

TEST(VerifyRounds, EveryRoundFitsTheBudgetUnlessItHoldsOnePair) {
  std::mt19937_64 rng(5);
  std::vector<DocPair> pairs;
  for (DocId a = 0; a < 300; ++a) {
    for (int k = 0; k < 4; ++k) pairs.push_back({a, a + 1 + rng() % 50});
  }
  const auto bytes_of = [](DocId doc) -> std::uint64_t { return doc % 7 == 0 ? 5000 : 100 + doc; };
  constexpr std::uint64_t kBudget = 3000;
  const std::vector<std::size_t> starts = plan_verify_rounds(pairs, bytes_of, kBudget);
  ASSERT_GE(starts.size(), 3u);
  EXPECT_EQ(starts.front(), 0u);
  EXPECT_EQ(starts.back(), pairs.size());
  for (std::size_t r = 0; r + 1 < starts.size(); ++r) {
    ASSERT_LT(starts[r], starts[r + 1]) << "round " << r << " is empty";
    std::set<DocId> docs;
    for (std::size_t i = starts[r]; i < starts[r + 1]; ++i) {
      docs.insert(pairs[i].a);
      docs.insert(pairs[i].b);
    }
    std::uint64_t bytes = 0;
    for (const DocId doc : docs) bytes += bytes_of(doc);
    if (starts[r + 1] - starts[r] > 1) {
      EXPECT_LE(bytes, kBudget) << "round " << r;
    }
    if (starts[r + 1] < pairs.size()) {
      // Greedy: the next pair would not have fitted.
      docs.insert(pairs[starts[r + 1]].a);
      docs.insert(pairs[starts[r + 1]].b);
      std::uint64_t with_next = 0;
      for (const DocId doc : docs) with_next += bytes_of(doc);
      EXPECT_GT(with_next, kBudget) << "round " << r << " was cut early";
    }
  }
}

// Document d's shingle set: a few hundred hashes, large families of overlapping sets.
std::vector<std::uint64_t> set_of(DocId d) {
  std::vector<std::uint64_t> set;
  const std::uint64_t family = d % 5;
  const std::uint64_t size = 50 + (d * 37) % 400;
  for (std::uint64_t i = 0; i < size; ++i) set.push_back(family * 1000000 + i * 3 + (d % 3 == 0));
  std::sort(set.begin(), set.end());
  return set;
}

TEST(VerifyCandidates, SameAsSerialJaccardForAnyBudget) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int rank = exchanger.rank();
  const int ranks = exchanger.size();
  constexpr DocId kDocs = 400;
  const OwnerFn owner = [&](DocId doc) { return static_cast<int>(doc % ranks); };
  std::vector<DocPair> mine, all;
  for (DocId a = 0; a < kDocs; ++a) {
    for (DocId b = a + 5; b < kDocs; b += 5) {
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
    const auto got = verify_candidates(exchanger, mine, 0.6, VerifyMode::kExact, 0, access);
    ASSERT_EQ(got.size(), want.size()) << "budget " << budget;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].a, want[i].first.a);
      EXPECT_EQ(got[i].b, want[i].first.b);
      EXPECT_DOUBLE_EQ(got[i].similarity, want[i].second);
    }
  }
}

}  // namespace
}  // namespace neardup
