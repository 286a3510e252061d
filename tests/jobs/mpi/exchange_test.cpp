// The exchange under MPI: shuffle in several bounded rounds, blocks, and payload lookups.
#include "jobs/mpi/exchange.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/all_gathered.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

struct Item {
  std::uint64_t source;
  std::uint64_t index;
  friend bool operator<(const Item& x, const Item& y) {
    return x.source != y.source ? x.source < y.source : x.index < y.index;
  }
  friend bool operator==(const Item&, const Item&) = default;
};

int destination(const Item& item, int ranks) {
  return static_cast<int>((item.source * 31 + item.index * 7) % static_cast<std::uint64_t>(ranks));
}

TEST(Exchange, ShuffleInSeveralRoundsLosesAndDuplicatesNothing) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);  // 1 MiB rounds
  const int ranks = exchanger.size();
  constexpr std::uint64_t kPerRank = 200000;  // 3.2 MB per rank: several rounds
  std::vector<Item> mine;
  for (std::uint64_t i = 0; i < kPerRank; ++i) mine.push_back({std::uint64_t(exchanger.rank()), i});
  std::vector<Item> got = exchanger.shuffle(
      std::span<const Item>(mine), [&](const Item& item) { return destination(item, ranks); });
  std::vector<Item> want;
  for (int s = 0; s < ranks; ++s) {
    for (std::uint64_t i = 0; i < kPerRank; ++i) {
      const Item item{std::uint64_t(s), i};
      if (destination(item, ranks) == exchanger.rank()) want.push_back(item);
    }
  }
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, want);
  if (ranks > 1) {
    EXPECT_GT(exchanger.bytes_sent(), 0u);
  }
}

TEST(Exchange, ShuffleConsumingGivesTheSameItemsAndFreesTheInput) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int ranks = exchanger.size();
  std::vector<Item> mine;
  for (std::uint64_t i = 0; i < 100000; ++i) mine.push_back({std::uint64_t(exchanger.rank()), i});
  const auto dest = [&](const Item& item) { return destination(item, ranks); };
  const std::vector<Item> want = exchanger.shuffle(std::span<const Item>(mine), dest);
  const std::vector<Item> got = exchanger.shuffle_consuming(std::move(mine), dest);
  EXPECT_EQ(got, want);
  EXPECT_EQ(mine.capacity(), 0u);  // freed, not only cleared
}

TEST(Exchange, BlocksReachTheirDestination) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  std::vector<std::string> out(exchanger.size());
  for (int d = 0; d < exchanger.size(); ++d) {
    out[d] = "from " + std::to_string(exchanger.rank()) + " to " + std::to_string(d);
  }
  const ReceivedBlocks in = exchanger.exchange_blocks(out);
  ASSERT_EQ(in.size(), static_cast<std::size_t>(exchanger.size()));
  for (int s = 0; s < exchanger.size(); ++s) {
    EXPECT_EQ(in[s], "from " + std::to_string(s) + " to " + std::to_string(exchanger.rank()));
  }
  int source = 0;
  for (const std::string_view block : in) {
    EXPECT_EQ(block, in[static_cast<std::size_t>(source++)]);
  }
  EXPECT_EQ(source, exchanger.size());
}

TEST(Exchange, EmptyBlocksArriveEmptyBesideOthers) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  std::vector<std::string> out(exchanger.size());
  if (exchanger.rank() % 2 == 1) {  // odd ranks send a block to every rank, even ranks nothing
    for (int d = 0; d < exchanger.size(); ++d) out[d] = std::string(3 + d, 'a' + d % 26);
  }
  const ReceivedBlocks in = exchanger.exchange_blocks(out);
  for (int s = 0; s < exchanger.size(); ++s) {
    const std::string expected =
        s % 2 == 1 ? std::string(3 + exchanger.rank(), 'a' + exchanger.rank() % 26) : "";
    EXPECT_EQ(in[s], expected) << "from rank " << s;
  }
}

TEST(Exchange, FetchReturnsTheOwnersPayload) {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  const int ranks = exchanger.size();
  const OwnerFn owner = [ranks](DocId id) { return static_cast<int>(id % ranks); };
  const PayloadFn provide = [&](DocId id, std::string& out) {
    ASSERT_EQ(owner(id), exchanger.rank());
    out += "doc" + std::to_string(id) + "@" + std::to_string(exchanger.rank());
  };
  std::vector<DocId> requests;
  for (DocId id = exchanger.rank(); id < 1000; id += 3) requests.push_back(id);
  const Payloads got = fetch_payloads(exchanger, requests, owner, provide);
  for (const DocId id : requests) {
    EXPECT_EQ(got.get(id), "doc" + std::to_string(id) + "@" + std::to_string(owner(id)));
  }
}

TEST(Gathered, EveryRanksListInRankOrderOnEveryRankOrOnRankZero) {
  int rank = 0, ranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  // Rank r gives r + 1 items of value r x 10 + i (rank 0 one item, rank 1 two, ...).
  std::vector<std::uint64_t> mine;
  for (int i = 0; i <= rank; ++i) mine.push_back(static_cast<std::uint64_t>(rank * 10 + i));
  std::vector<std::uint64_t> want;
  for (int r = 0; r < ranks; ++r) {
    for (int i = 0; i <= r; ++i) want.push_back(static_cast<std::uint64_t>(r * 10 + i));
  }
  EXPECT_EQ(all_gathered(MPI_COMM_WORLD, std::span<const std::uint64_t>(mine)), want);
  const std::vector<std::uint64_t> on_root =
      gathered_on_root(MPI_COMM_WORLD, std::span<const std::uint64_t>(mine));
  if (rank == 0) {
    EXPECT_EQ(on_root, want);
  } else {
    EXPECT_TRUE(on_root.empty());
  }
}

TEST(Scattered, RankZerosBlockForEachRankReachesIt) {
  int rank = 0, ranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  // Block r: r copies of the letter 'a' + r (rank 0's is empty).
  std::vector<std::string> blocks;
  if (rank == 0) {
    for (int r = 0; r < ranks; ++r) {
      blocks.emplace_back(static_cast<std::size_t>(r), static_cast<char>('a' + r));
    }
  }
  EXPECT_EQ(scatter_strings(MPI_COMM_WORLD, blocks),
            std::string(static_cast<std::size_t>(rank), static_cast<char>('a' + rank)));
}

}  // namespace
}  // namespace neardup
