// The distributed SimHash pair search against brute force: 200,000 fingerprints with planted
// pairs at every distance 0..6, each pair within k found exactly once at any rank count;
// identical-fingerprint runs and oversized groups stay linear and are counted.
#include "jobs/methods/hamming_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>

#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

struct World {
  Exchanger exchanger{MPI_COMM_WORLD, 1 << 20};
  int rank = exchanger.rank();
  int ranks = exchanger.size();
  OwnerFn owner = [r = ranks](DocId d) { return static_cast<int>(d % r); };
};

std::uint64_t flip_bits(std::uint64_t fp, unsigned count, std::mt19937_64& rng) {
  std::set<unsigned> bits;
  while (bits.size() < count) bits.insert(static_cast<unsigned>(rng() % 64));
  for (const unsigned b : bits) fp ^= 1ull << b;
  return fp;
}

// Random fingerprints, then planted ones: copies of earlier fingerprints with 0..6 bits
// flipped, and a few runs of 3 to 6 documents sharing one fingerprint. The same on every rank.
std::vector<std::uint64_t> planted_fingerprints(std::size_t total) {
  std::mt19937_64 rng(2024);
  const std::size_t random = total * 3 / 4;
  std::vector<std::uint64_t> fps;
  for (std::size_t i = 0; i < random; ++i) fps.push_back(rng());
  while (fps.size() + 6 < total) {
    const std::uint64_t base = fps[rng() % random];
    if (rng() % 50 == 0) {
      for (int copies = 3 + static_cast<int>(rng() % 4); copies > 0; --copies) fps.push_back(base);
    } else {
      fps.push_back(flip_bits(base, static_cast<unsigned>(rng() % 7), rng));
    }
  }
  return fps;
}

// Every rank's share: documents with id % ranks == rank.
std::vector<FingerprintDoc> my_docs(const std::vector<std::uint64_t>& fps, const World& w) {
  std::vector<FingerprintDoc> docs;
  for (DocId d = static_cast<DocId>(w.rank); d < fps.size(); d += static_cast<DocId>(w.ranks)) {
    docs.push_back({fps[d], d});
  }
  return docs;
}

// All pairs (i < j) within k bits, rows i % ranks == rank on this rank, gathered to rank 0.
__attribute__((target("popcnt"))) std::vector<HammingPair> brute_force_rows(
    const std::vector<std::uint64_t>& fps, unsigned k, const World& w) {
  std::vector<HammingPair> pairs;
  for (std::size_t i = static_cast<std::size_t>(w.rank); i < fps.size();
       i += static_cast<std::size_t>(w.ranks)) {
    const std::uint64_t a = fps[i];
    for (std::size_t j = i + 1; j < fps.size(); ++j) {
      const auto distance = static_cast<unsigned>(__builtin_popcountll(a ^ fps[j]));
      if (distance <= k) pairs.push_back({i, j, distance});
    }
  }
  return pairs;
}

std::vector<HammingPair> gather_to_root(Exchanger& exchanger, std::vector<HammingPair> pairs) {
  std::vector<HammingPair> all =
      exchanger.shuffle(std::span<const HammingPair>(pairs), [](const HammingPair&) { return 0; });
  std::sort(all.begin(), all.end());
  return all;
}

TEST(HammingSearch, FindsExactlyThePairsWithinKEachOnce) {
  World w;
  const std::vector<std::uint64_t> fps = planted_fingerprints(200000);
  const std::vector<FingerprintDoc> docs = my_docs(fps, w);
  HammingSearchCounts counts;
  const std::vector<HammingPair> found =
      find_hamming_pairs(w.exchanger, docs, {3, 6}, {}, w.owner, counts);
  for (const HammingPair& p : found) ASSERT_EQ(w.owner(p.a), w.rank);
  ASSERT_TRUE(std::is_sorted(found.begin(), found.end()));
  const std::vector<HammingPair> all = gather_to_root(w.exchanger, found);
  const std::vector<HammingPair> truth = gather_to_root(w.exchanger, brute_force_rows(fps, 3, w));
  EXPECT_EQ(sum_over_ranks(MPI_COMM_WORLD, counts.capped_runs), 0u);
  EXPECT_EQ(sum_over_ranks(MPI_COMM_WORLD, counts.oversized_groups), 0u);
  if (w.rank == 0) {
    std::array<std::size_t, 4> by_distance{};
    for (const HammingPair& p : truth) ++by_distance[p.distance];
    for (const std::size_t n : by_distance) EXPECT_GT(n, 1000u);  // every distance planted
    ASSERT_EQ(all.size(), truth.size());
    EXPECT_TRUE(all == truth);  // same pairs and distances; a repeated pair would differ
  }
}

TEST(HammingSearch, OtherDesignsAgreeWithBruteForce) {
  World w;
  const std::vector<std::uint64_t> fps = planted_fingerprints(20000);
  for (const TableDesign design : {TableDesign{2, 4}, TableDesign{4, 7}, TableDesign{1, 3}}) {
    HammingSearchCounts counts;
    const std::vector<HammingPair> all = gather_to_root(
        w.exchanger, find_hamming_pairs(w.exchanger, my_docs(fps, w), design, {}, w.owner, counts));
    const std::vector<HammingPair> truth =
        gather_to_root(w.exchanger, brute_force_rows(fps, design.max_distance, w));
    if (w.rank == 0) {
      EXPECT_GT(truth.size(), 500u);
      EXPECT_TRUE(all == truth) << design.max_distance << "/" << design.blocks;
    }
  }
}

TEST(HammingSearch, LargeRunsAndGroupsStayLinearAndAreCounted) {
  World w;
  std::mt19937_64 rng(8);
  std::vector<std::uint64_t> fps;
  const std::uint64_t shared = rng();
  for (int i = 0; i < 1000; ++i) fps.push_back(shared);  // one fingerprint, 1000 documents
  const std::uint64_t prefix = rng() & 0xFFFFFFFF00000000ull;
  for (int i = 0; i < 3000; ++i) fps.push_back(prefix | (rng() & 0xFFFFFFFFull));  // one group
  HammingSearchLimits limits;
  limits.max_run = 100;
  limits.max_group = 500;
  HammingSearchCounts counts;
  const std::vector<HammingPair> all = gather_to_root(
      w.exchanger,
      find_hamming_pairs(w.exchanger, my_docs(fps, w), {3, 6}, limits, w.owner, counts));
  EXPECT_GE(sum_over_ranks(MPI_COMM_WORLD, counts.capped_runs), 1u);
  EXPECT_GE(sum_over_ranks(MPI_COMM_WORLD, counts.oversized_groups), 1u);
  if (w.rank == 0) {
    // The run gives a star from its first document: 999 edges, not 499,500 pairs.
    std::size_t star = 0;
    for (const HammingPair& p : all) star += p.a == 0 && p.b < 1000 && p.distance == 0;
    EXPECT_EQ(star, 999u);
    for (const HammingPair& p : all) {
      EXPECT_LE(std::popcount(fps[p.a] ^ fps[p.b]), 3);
      EXPECT_EQ(static_cast<unsigned>(std::popcount(fps[p.a] ^ fps[p.b])), p.distance);
    }
  }
}

}  // namespace
}  // namespace neardup
