// Distributed connected components: a 100,000-edge chain spread over every rank, many small
// clusters, and random graphs against union-find, named by smallest document or lowest hash.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/graph/union_find.hpp"
#include "core/id_mix.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/components_stage.hpp"

namespace neardup {
namespace {

struct World {
  Exchanger exchanger{MPI_COMM_WORLD, 1 << 20};
  int rank = exchanger.rank();
  int ranks = exchanger.size();
  OwnerFn owner = [r = ranks](DocId d) { return static_cast<int>(d % r); };
};

TEST(Components, LongChainAcrossAllRanksIsOneCluster) {
  World w;
  constexpr DocId kEdges = 100000;
  std::vector<DocPair> edges;
  for (DocId i = 0; i < kEdges; ++i) {
    if ((i * 7919) % w.ranks == static_cast<DocId>(w.rank)) edges.push_back({i, i + 1});
  }
  ComponentCounts counts;
  const auto members = connected_components(w.exchanger, edges, w.owner, counts);
  for (const ClusterMember& m : members) {
    EXPECT_EQ(w.owner(m.doc), w.rank);
    ASSERT_EQ(m.root, 0u) << "doc " << m.doc;
  }
  EXPECT_EQ(sum_over_ranks(MPI_COMM_WORLD, members.size()), kEdges + 1);
  if (w.rank == 0) std::cout << "chain of 100000 edges: " << counts.rounds << " rounds\n";
}

TEST(Components, SmallClustersStayApart) {
  World w;
  constexpr DocId kBase = 1000000;
  constexpr DocId kGroups = 20000;
  std::vector<DocPair> edges;
  for (DocId g = 0; g < kGroups; ++g) {
    const DocId first = kBase + g * 3;
    if (g % w.ranks == static_cast<DocId>(w.rank)) edges.push_back({first + 1, first + 2});
    if ((g + 1) % w.ranks == static_cast<DocId>(w.rank)) edges.push_back({first, first + 2});
  }
  constexpr DocId kHub = 5000000;
  for (DocId leaf = 1; leaf <= 5000; ++leaf) {
    if (leaf % w.ranks == static_cast<DocId>(w.rank)) edges.push_back({kHub, kHub + leaf});
  }
  ComponentCounts counts;
  const auto members = connected_components(w.exchanger, edges, w.owner, counts);
  for (const ClusterMember& m : members) {
    if (m.doc >= kHub) {
      EXPECT_EQ(m.root, kHub);
    } else {
      EXPECT_EQ(m.root, kBase + (m.doc - kBase) / 3 * 3) << "doc " << m.doc;
    }
  }
  EXPECT_EQ(sum_over_ranks(MPI_COMM_WORLD, members.size()), kGroups * 3 + 5001);
}

// A random graph over `vertices` documents: the same edges on every rank (from `seed`), all of
// them in `all`, this rank's slice in `mine`, and their components by union-find in `sets`.
struct RandomGraph {
  std::vector<DocPair> all, mine;
  UnionFind sets;
  RandomGraph(const World& w, std::uint64_t seed, DocId vertices, int edges) : sets(vertices) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<DocId> vertex(0, vertices - 1);
    for (int e = 0; e < edges; ++e) {
      DocId a = vertex(rng), b = vertex(rng);
      if (a == b) continue;
      if (a > b) std::swap(a, b);
      all.push_back({a, b});
      if (e % w.ranks == w.rank) mine.push_back({a, b});
      sets.unite(a, b);
    }
  }
};

TEST(Components, RandomGraphMatchesUnionFind) {
  World w;
  constexpr DocId kVertices = 20000;
  RandomGraph graph(w, 99, kVertices, 15000);
  std::vector<bool> touched(kVertices);
  for (const DocPair& p : graph.all) touched[p.a] = touched[p.b] = true;
  ComponentCounts counts;
  const auto members = connected_components(w.exchanger, graph.mine, w.owner, counts);
  std::uint64_t expected_here = 0;
  for (DocId v = 0; v < kVertices; ++v) expected_here += touched[v] && w.owner(v) == w.rank;
  EXPECT_EQ(members.size(), expected_here);
  for (const ClusterMember& m : members) {
    EXPECT_EQ(m.root, graph.sets.find(m.doc)) << "doc " << m.doc;
  }
}

TEST(Components, NamedByTheLowestHashEachComponentHasItsLowestHashMember) {
  World w;
  constexpr DocId kVertices = 20000;
  RandomGraph graph(w, 7, kVertices, 12000);
  std::vector<DocId> lowest(kVertices, kVertices);  // by component: its member of lowest hash
  for (const DocPair& p : graph.all) {
    for (const DocId v : {p.a, p.b}) {
      DocId& best = lowest[graph.sets.find(v)];
      if (best == kVertices || mix_id(v) < mix_id(best)) best = v;
    }
  }
  ComponentCounts counts;
  const auto members =
      connected_components(w.exchanger, graph.mine, w.owner, counts, ComponentName::kLowestHash);
  ASSERT_FALSE(members.empty());
  std::uint64_t not_smallest = 0;
  for (const ClusterMember& m : members) {
    EXPECT_EQ(m.root, lowest[graph.sets.find(m.doc)]) << "doc " << m.doc;
    not_smallest += m.root != graph.sets.find(m.doc);
  }
  EXPECT_GT(sum_over_ranks(MPI_COMM_WORLD, not_smallest), 0u);
}

TEST(Components, NoEdgesNoMembers) {
  World w;
  ComponentCounts counts;
  EXPECT_TRUE(connected_components(w.exchanger, {}, w.owner, counts).empty());
}

}  // namespace
}  // namespace neardup
