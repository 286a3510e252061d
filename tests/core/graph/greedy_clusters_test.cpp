// Greedy clustering against the definition: a plain sequential walk in keep order over every
// candidate pair, on random graphs, groups and filters, for byte budgets from one document to
// all; and the laziness that makes it affordable (a family of m costs m - 1 checks).
#include "core/graph/greedy_clusters.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "core/id_mix.hpp"

namespace neardup {
namespace {

// A candidate graph over `docs` documents: pairs and groups, with a deterministic check (which
// pairs are duplicates, and their similarity) and group filter.
struct Graph {
  std::uint32_t docs = 0;
  std::vector<NumberedPair> pairs;
  std::vector<std::uint32_t> members;
  std::vector<std::size_t> starts{0};
  std::uint64_t salt = 0;
  double pass_rate = 0.5;
  double filter_rate = 1.0;    // share of group pairs the filter lets through
  std::uint32_t checkers = 0;  // GroupRule::checkers

  double draw(std::uint32_t x, std::uint32_t y, std::uint64_t more) const {
    const std::uint64_t h =
        mix_id(salt ^ mix_id((std::uint64_t{std::min(x, y)} << 32 | std::max(x, y)) + more));
    return static_cast<double>(h >> 11) / static_cast<double>(1ull << 53);
  }
  bool duplicate(std::uint32_t x, std::uint32_t y) const { return draw(x, y, 1) < pass_rate; }
  double similarity(std::uint32_t x, std::uint32_t y) const { return 0.5 + draw(x, y, 2) / 2; }
  bool filtered_in(std::uint32_t x, std::uint32_t y) const { return draw(x, y, 3) < filter_rate; }

  void add_group(std::vector<std::uint32_t> group) {
    members.insert(members.end(), group.begin(), group.end());
    starts.push_back(members.size());
  }

  GroupRule rule() const {
    return {[this](std::uint32_t x, std::uint32_t y) { return filtered_in(x, y); }, checkers};
  }

  // The definition: walk in order; an undecided document is kept and removes every later
  // undecided candidate that is a duplicate of it: its pairs, and the members of each of its
  // groups that fewer than `checkers` kept documents checked before it.
  std::vector<std::uint32_t> sequential(const std::set<std::uint32_t>& beforehand) const {
    std::vector<std::set<std::uint32_t>> later(docs), groups_of(docs);
    for (const NumberedPair& p : pairs) {
      if (p.a != p.b) later[std::min(p.a, p.b)].insert(std::max(p.a, p.b));
    }
    std::vector<std::set<std::uint32_t>> group(starts.size() - 1);
    for (std::size_t g = 0; g < group.size(); ++g) {
      group[g].insert(members.begin() + static_cast<std::ptrdiff_t>(starts[g]),
                      members.begin() + static_cast<std::ptrdiff_t>(starts[g + 1]));
      for (const std::uint32_t x : group[g]) groups_of[x].insert(static_cast<std::uint32_t>(g));
    }
    std::vector<std::uint32_t> scans(group.size(), 0);  // kept members that checked each
    constexpr std::uint32_t kUndecided = GreedyClusters::kNone - 1;
    std::vector<std::uint32_t> kept_by(docs, kUndecided);
    for (const std::uint32_t d : beforehand) kept_by[d] = GreedyClusters::kNone;
    for (std::uint32_t v = 0; v < docs; ++v) {
      if (kept_by[v] != kUndecided) continue;
      kept_by[v] = v;
      std::set<std::uint32_t> candidates = later[v];
      for (const std::uint32_t g : groups_of[v]) {
        if (checkers > 0 && scans[g] >= checkers) continue;  // checked by enough kept members
        ++scans[g];
        for (const std::uint32_t u : group[g]) {
          if (u > v && filtered_in(v, u)) candidates.insert(u);
        }
      }
      for (const std::uint32_t u : candidates) {
        if (kept_by[u] == kUndecided && duplicate(v, u)) kept_by[u] = v;
      }
    }
    for (std::uint32_t v = 0; v < docs; ++v) {
      if (kept_by[v] == v) kept_by[v] = GreedyClusters::kNone;
    }
    return kept_by;
  }
};

// Runs the clustering with payloads of `bytes` each and a round budget; checks every round's
// documents fit the budget (but for a split document's own payload, or a single check), and
// that each check is made with its kept document kept and its candidate among the round's
// documents. Returns each document's kept_by.
std::vector<std::uint32_t> run(const Graph& g, std::span<const std::uint64_t> bytes,
                               std::uint64_t budget, const std::set<std::uint32_t>& beforehand,
                               GreedyClusters::Counts* counts = nullptr) {
  GreedyClusters greedy(g.docs, g.pairs, g.members, g.starts, g.rule());
  for (const std::uint32_t d : beforehand) greedy.remove_beforehand(d);
  std::vector<char> loaded(g.docs, 0);
  for (int guard = 0; !greedy.done(); ++guard) {
    EXPECT_LT(guard, 10'000'000) << "no progress";
    if (guard >= 10'000'000) break;
    const std::span<const std::uint32_t> round = greedy.plan_round(bytes, budget);
    EXPECT_TRUE(std::is_sorted(round.begin(), round.end()));
    std::uint64_t used = 0;
    for (const std::uint32_t d : round) used += bytes[d];
    std::fill(loaded.begin(), loaded.end(), 0);
    for (const std::uint32_t d : round) loaded[d] = 1;
    std::uint64_t checks = 0;
    greedy.decide_round([&](std::uint32_t kept, std::uint32_t candidate, double& similarity) {
      EXPECT_LT(kept, candidate);
      EXPECT_TRUE(loaded[kept] && loaded[candidate]) << kept << " " << candidate;
      EXPECT_FALSE(greedy.removed(kept));
      ++checks;
      similarity = g.similarity(kept, candidate);
      return g.duplicate(kept, candidate);
    });
    // A round fits the budget, but for a split document's own payload and, when even one
    // candidate does not fit beside it, that candidate's.
    const std::uint64_t largest = *std::max_element(bytes.begin(), bytes.end());
    EXPECT_LE(used, std::max(budget, largest) + largest) << "a round over budget with " << checks;
  }
  std::vector<std::uint32_t> kept_by(g.docs);
  for (std::uint32_t d = 0; d < g.docs; ++d) {
    kept_by[d] = greedy.kept_by(d);
    if (kept_by[d] != GreedyClusters::kNone) {
      EXPECT_TRUE(greedy.removed(d));
      EXPECT_EQ(greedy.similarity(d), g.similarity(kept_by[d], d));
    }
  }
  if (counts) *counts = greedy.counts();
  return kept_by;
}

Graph random_graph(std::uint64_t seed, std::uint32_t docs, std::size_t pairs, std::size_t groups) {
  std::mt19937_64 rng(seed);
  Graph g;
  g.docs = docs;
  g.salt = seed;
  g.pass_rate = std::uniform_real_distribution<double>(0.1, 0.95)(rng);
  g.filter_rate = groups > 0 ? std::uniform_real_distribution<double>(0.3, 1.0)(rng) : 1.0;
  g.checkers = seed % 3 == 0 ? 0 : static_cast<std::uint32_t>(1 + seed % 7);
  std::uniform_int_distribution<std::uint32_t> doc(0, docs - 1);
  for (std::size_t i = 0; i < pairs; ++i) {
    const std::uint32_t a = doc(rng);
    // Mostly near neighbours, as in keep order within components; some far.
    const std::uint32_t b =
        rng() % 4 == 0 ? doc(rng) : std::min(docs - 1, a + static_cast<std::uint32_t>(rng() % 8));
    g.pairs.push_back({a, b});
  }
  for (std::size_t i = 0; i < groups; ++i) {
    std::vector<std::uint32_t> group;
    const std::size_t size = 2 + rng() % 40;
    for (std::size_t m = 0; m < size; ++m) group.push_back(doc(rng));
    g.add_group(group);
  }
  return g;
}

TEST(GreedyClusters, EqualsTheSequentialDefinitionOnRandomGraphs) {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const std::uint32_t docs = 1 + static_cast<std::uint32_t>(seed * 37 % 400);
    const Graph g = random_graph(seed, docs, seed * 13 % 900, seed % 3 == 0 ? 0 : seed % 25);
    std::mt19937_64 rng(seed);
    std::vector<std::uint64_t> bytes(docs);
    for (auto& b : bytes) b = 1 + rng() % 100;
    std::set<std::uint32_t> beforehand;
    if (seed % 4 == 0) {
      for (int i = 0; i < 5; ++i) beforehand.insert(static_cast<std::uint32_t>(rng() % docs));
    }
    const std::vector<std::uint32_t> expected = g.sequential(beforehand);
    for (const std::uint64_t budget :
         {std::uint64_t{1}, std::uint64_t{150}, std::uint64_t{2000}, std::uint64_t{1} << 40}) {
      EXPECT_EQ(run(g, bytes, budget, beforehand), expected)
          << "seed " << seed << " budget " << budget;
    }
  }
}

TEST(GreedyClusters, AFamilyCostsOneCheckPerRemovedDocument) {
  Graph g;
  g.docs = 5000;
  g.pass_rate = 1.0;
  std::vector<std::uint32_t> all(g.docs);
  for (std::uint32_t d = 0; d < g.docs; ++d) all[d] = g.docs - 1 - d;
  for (int band = 0; band < 9; ++band) g.add_group(all);  // the family shares every band
  for (std::uint32_t d = 0; d + 1 < g.docs; ++d) g.pairs.push_back({d, d + 1});
  const std::vector<std::uint64_t> bytes(g.docs, 4000);
  GreedyClusters::Counts counts;
  const std::vector<std::uint32_t> kept_by = run(g, bytes, std::uint64_t{64} << 20, {}, &counts);
  EXPECT_EQ(kept_by[0], GreedyClusters::kNone);
  for (std::uint32_t d = 1; d < g.docs; ++d) ASSERT_EQ(kept_by[d], 0u) << d;
  EXPECT_EQ(counts.checks, g.docs - 1);
  EXPECT_LE(counts.rounds, 2u);
  // Planning ahead is bounded: not the 12.5M pairs of the family.
  EXPECT_LT(counts.planned, 200'000u);
}

TEST(GreedyClusters, AChainKeepsEveryOtherDocumentInOneRound) {
  Graph g;
  g.docs = 1001;
  g.pass_rate = 1.0;
  for (std::uint32_t d = 0; d + 1 < g.docs; ++d) g.pairs.push_back({d + 1, d});
  const std::vector<std::uint64_t> bytes(g.docs, 100);
  GreedyClusters::Counts counts;
  const std::vector<std::uint32_t> kept_by = run(g, bytes, std::uint64_t{1} << 30, {}, &counts);
  for (std::uint32_t d = 0; d < g.docs; ++d) {
    EXPECT_EQ(kept_by[d], d % 2 == 0 ? GreedyClusters::kNone : d - 1) << d;
  }
  EXPECT_EQ(counts.rounds, 1u);
  EXPECT_EQ(counts.checks, 500u);
}

TEST(GreedyClusters, ADocumentWhoseCandidatesOutgrowTheBudgetIsSplitOverRounds) {
  Graph g;
  g.docs = 100;
  g.pass_rate = 0.5;
  for (std::uint32_t d = 1; d < g.docs; ++d) g.pairs.push_back({0, d});
  const std::vector<std::uint64_t> bytes(g.docs, 10);
  GreedyClusters::Counts counts;
  const std::vector<std::uint32_t> kept_by = run(g, bytes, 35, {}, &counts);
  EXPECT_EQ(kept_by, g.sequential({}));
  EXPECT_EQ(counts.checks, 99u);
  EXPECT_EQ(counts.rounds, 33u);  // the kept document and 3 candidates (35 bytes) a round
}

TEST(GreedyClusters, ADocumentRemovedBeforehandRemovesNothing) {
  Graph g;
  g.docs = 3;
  g.pass_rate = 1.0;
  g.pairs = {{0, 1}, {1, 2}};
  const std::vector<std::uint64_t> bytes(3, 1);
  const std::vector<std::uint32_t> kept_by = run(g, bytes, 100, {0});
  EXPECT_EQ(kept_by, (std::vector<std::uint32_t>{GreedyClusters::kNone, GreedyClusters::kNone, 1}));
}

TEST(GreedyClusters, FilteredGroupPairsAreNeverChecked) {
  Graph g;
  g.docs = 50;
  g.pass_rate = 1.0;
  g.filter_rate = 0.0;
  std::vector<std::uint32_t> all(g.docs);
  for (std::uint32_t d = 0; d < g.docs; ++d) all[d] = d;
  g.add_group(all);
  const std::vector<std::uint64_t> bytes(g.docs, 1);
  GreedyClusters::Counts counts;
  const std::vector<std::uint32_t> kept_by = run(g, bytes, 1000, {}, &counts);
  EXPECT_EQ(counts.checks, 0u);
  EXPECT_EQ(counts.group_filtered, 50u * 49 / 2);
  EXPECT_EQ(kept_by, std::vector<std::uint32_t>(g.docs, GreedyClusters::kNone));
}

// A group of m look-alikes that are not duplicates costs its checkers x m checks, not m^2 / 2.
TEST(GreedyClusters, OnlyAGroupsFirstKeptMembersCheckIt) {
  Graph g;
  g.docs = 1000;
  g.pass_rate = 0.0;
  g.checkers = 16;
  std::vector<std::uint32_t> all(g.docs);
  for (std::uint32_t d = 0; d < g.docs; ++d) all[d] = d;
  g.add_group(all);
  g.add_group(all);  // another band: the same bucket again
  const std::vector<std::uint64_t> bytes(g.docs, 10);
  GreedyClusters::Counts counts;
  const std::vector<std::uint32_t> kept_by = run(g, bytes, 1 << 20, {}, &counts);
  EXPECT_EQ(kept_by, std::vector<std::uint32_t>(g.docs, GreedyClusters::kNone));
  std::uint64_t bound = 0;
  for (std::uint64_t k = 0; k < 16; ++k) bound += g.docs - 1 - k;
  EXPECT_EQ(counts.checks, bound);
  EXPECT_EQ(counts.group_passed, 2 * (g.docs - 16));
}

TEST(GreedyClusters, RefusesNumbersOutOfRange) {
  const std::vector<NumberedPair> pairs = {{0, 3}};
  EXPECT_THROW(GreedyClusters(3, pairs, {}, {}, GroupRule{}), std::invalid_argument);
  const std::vector<std::uint32_t> members = {1, 5};
  const std::vector<std::size_t> starts = {0, 2};
  EXPECT_THROW(GreedyClusters(3, {}, members, starts, GroupRule{}), std::invalid_argument);
}

}  // namespace
}  // namespace neardup
