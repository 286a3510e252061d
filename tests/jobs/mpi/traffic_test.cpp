// The MPI traffic counters at 3 ranks: each stage's bytes, messages and collective calls, for a
// known sequence of calls, against counts worked out by hand, and the time spent inside MPI.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "jobs/mpi/exchange.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/stage_stats.hpp"

namespace neardup {
namespace {

// min, max and sum across the 3 ranks (avg is sum / 3).
void expect_spread(const RankSpread& spread, std::uint64_t min, std::uint64_t max,
                   std::uint64_t sum) {
  EXPECT_EQ(spread.min, min);
  EXPECT_EQ(spread.max, max);
  EXPECT_EQ(spread.sum, sum);
  EXPECT_DOUBLE_EQ(spread.avg, static_cast<double>(sum) / 3);
}

// Rank r holds the values 0 .. 2r+1, each sent to rank value % 3.
void shuffle_known_items() {
  Exchanger exchanger(MPI_COMM_WORLD, 1 << 20);
  std::vector<std::uint64_t> items;
  for (std::uint64_t v = 0; v < 2 * static_cast<std::uint64_t>(exchanger.rank()) + 2; ++v) {
    items.push_back(v);
  }
  exchanger.shuffle(std::span<const std::uint64_t>(items),
                    [](std::uint64_t v) { return static_cast<int>(v % 3); });
}

// An allreduce of 16 bytes, then a reduce of 4 bytes to rank 0.
void reduce_known_values() {
  std::array<std::uint64_t, 2> mine{1, 2}, sums{};
  MPI_Allreduce(mine.data(), sums.data(), 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  int one = 1, total = 0;
  MPI_Reduce(&one, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
}

// 10 bytes broadcast from rank 1, then a barrier.
void broadcast_from_rank_1() {
  std::array<char, 10> text{};
  MPI_Bcast(text.data(), 10, MPI_CHAR, 1, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
}

// Rank 0 sends 3 ints to rank 2; rank 1 sends 5 ints to itself (not counted).
void send_point_to_point() {
  const int rank = comm_rank(MPI_COMM_WORLD);
  std::array<int, 5> out{}, in{};
  MPI_Request request = MPI_REQUEST_NULL;
  if (rank == 0) MPI_Isend(out.data(), 3, MPI_INT, 2, 7, MPI_COMM_WORLD, &request);
  if (rank == 1) MPI_Isend(out.data(), 5, MPI_INT, 1, 7, MPI_COMM_WORLD, &request);
  if (rank >= 1)
    MPI_Recv(in.data(), 5, MPI_INT, rank == 2 ? 0 : 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Waitall(1, &request, MPI_STATUSES_IGNORE);
}

// Rank r sends r + 1 ints to rank 0 (its own are not counted).
void gather_known_counts_on_rank_0() {
  const int rank = comm_rank(MPI_COMM_WORLD);
  const std::array<int, 3> out{};
  std::array<int, 6> in{};
  const std::array<int, 3> counts{1, 2, 3}, starts{0, 1, 3};
  MPI_Gatherv(out.data(), rank + 1, MPI_INT, in.data(), counts.data(), starts.data(), MPI_INT, 0,
              MPI_COMM_WORLD);
}

// Rank 0 scatters "", "ab" and "cdefg" (scatter_strings: the lengths, an agreement, the bytes).
void scatter_known_blocks() {
  const bool root = comm_rank(MPI_COMM_WORLD) == 0;
  scatter_strings(MPI_COMM_WORLD,
                  root ? std::vector<std::string>{"", "ab", "cdefg"} : std::vector<std::string>{});
}

TEST(Traffic, EachStageCountsWhatItsCallsMoved) {
  ASSERT_EQ(comm_size(MPI_COMM_WORLD), 3) << "the counts below are for 3 ranks";
  StageClock clock;
  clock.start("shuffle");
  shuffle_known_items();
  clock.start("reductions");
  reduce_known_values();
  clock.start("bcast");
  broadcast_from_rank_1();
  clock.start("gather");
  gather_per_rank(MPI_COMM_WORLD, 42);
  clock.start("point to point");
  send_point_to_point();
  clock.start("rank 0 alone");
  if (comm_rank(MPI_COMM_WORLD) == 0) MPI_Barrier(MPI_COMM_SELF);
  clock.start("rank 0 waits");
  if (comm_rank(MPI_COMM_WORLD) != 0) std::this_thread::sleep_for(std::chrono::milliseconds(300));
  MPI_Barrier(MPI_COMM_WORLD);
  clock.start("gather on rank 0");
  gather_known_counts_on_rank_0();
  clock.start("scatter from rank 0");
  scatter_known_blocks();
  clock.stop();
  const std::vector<StageSpread> stages = clock.reduce(MPI_COMM_WORLD);
  ASSERT_EQ(stages.size(), 9u);

  // Shuffle: an allreduce of 3 uint64 (24 bytes) and one of 8 bytes agree on 1 round; an
  // alltoall of one int per rank; an alltoallv of items (8 bytes): rank 0 sends 1 to rank 1,
  // rank 1 sends 2 to rank 0 and 1 to rank 2, rank 2 sends 2 to rank 0 and 2 to rank 1.
  // Sent: 24+8+8+8 = 48, 24+8+8+24 = 64, 24+8+8+32 = 72; received: 72, 64, 48.
  const TrafficSpread& shuffle = stages[0].communication;
  expect_spread(shuffle.bytes_sent, 48, 72, 184);
  expect_spread(shuffle.bytes_received, 48, 72, 184);
  expect_spread(shuffle.messages_sent, 5, 6, 17);      // 1+1+2+1, 1+1+2+2, 1+1+2+2
  expect_spread(shuffle.messages_received, 5, 6, 17);  // 1+1+2+2, 1+1+2+2, 1+1+2+1
  EXPECT_EQ(shuffle.collectives, 4u);
  EXPECT_TRUE(shuffle.collectives_agree);

  // Allreduce: 16 out and 16 in per rank; reduce: ranks 1 and 2 send 4 bytes to rank 0.
  const TrafficSpread& reductions = stages[1].communication;
  expect_spread(reductions.bytes_sent, 16, 20, 56);
  expect_spread(reductions.bytes_received, 16, 24, 56);
  expect_spread(reductions.messages_sent, 1, 2, 5);
  expect_spread(reductions.messages_received, 1, 3, 5);
  EXPECT_EQ(reductions.collectives, 2u);

  // Rank 1 sends its 10 bytes to ranks 0 and 2; the barrier moves nothing.
  const TrafficSpread& bcast = stages[2].communication;
  expect_spread(bcast.bytes_sent, 0, 20, 20);
  expect_spread(bcast.bytes_received, 0, 10, 20);
  expect_spread(bcast.messages_sent, 0, 2, 2);
  expect_spread(bcast.messages_received, 0, 1, 2);
  EXPECT_EQ(bcast.collectives, 2u);

  // Each rank's 8 bytes go to the 2 others.
  const TrafficSpread& gather = stages[3].communication;
  expect_spread(gather.bytes_sent, 16, 16, 48);
  expect_spread(gather.bytes_received, 16, 16, 48);
  expect_spread(gather.messages_sent, 2, 2, 6);
  expect_spread(gather.messages_received, 2, 2, 6);
  EXPECT_EQ(gather.collectives, 1u);

  const TrafficSpread& point_to_point = stages[4].communication;
  expect_spread(point_to_point.bytes_sent, 0, 12, 12);
  expect_spread(point_to_point.bytes_received, 0, 12, 12);
  expect_spread(point_to_point.messages_sent, 0, 1, 1);
  expect_spread(point_to_point.messages_received, 0, 1, 1);
  EXPECT_EQ(point_to_point.collectives, 0u);
  EXPECT_TRUE(point_to_point.collectives_agree);

  // Ranks 1 and 2 send 8 and 12 bytes to rank 0, in one message each.
  const TrafficSpread& on_root = stages[7].communication;
  expect_spread(on_root.bytes_sent, 0, 12, 20);
  expect_spread(on_root.bytes_received, 0, 20, 20);
  expect_spread(on_root.messages_sent, 0, 1, 2);
  expect_spread(on_root.messages_received, 0, 2, 2);
  EXPECT_EQ(on_root.collectives, 1u);

  // Rank 0 sends 8-byte lengths to ranks 1 and 2, all agree in an allreduce of 8 bytes, then
  // rank 0 sends 2 bytes to rank 1 and 5 to rank 2: sent 16+8+7, 8, 8; received 8, 8+8+2,
  // 8+8+5.
  const TrafficSpread& scatter = stages[8].communication;
  expect_spread(scatter.bytes_sent, 8, 31, 47);
  expect_spread(scatter.bytes_received, 8, 21, 47);
  expect_spread(scatter.messages_sent, 1, 5, 7);
  expect_spread(scatter.messages_received, 1, 3, 7);
  EXPECT_EQ(scatter.collectives, 3u);

  // A collective only rank 0 made: recorded as disagreeing.
  const TrafficSpread& alone = stages[5].communication;
  EXPECT_EQ(alone.collectives, 1u);
  EXPECT_FALSE(alone.collectives_agree);
  expect_spread(alone.bytes_sent, 0, 0, 0);

  // Rank 0 waited in the barrier while the others slept 300 ms before it: its time in MPI is
  // at least the sleep (a lower bound only, which no slow machine can break), and nobody's
  // exceeds the stage's wall time.
  const StageSpread& waits = stages[6];
  EXPECT_GE(waits.communication.mpi_nanoseconds.max, 300'000'000u);
  EXPECT_LE(static_cast<double>(waits.communication.mpi_nanoseconds.max) / 1e9, waits.max);
  EXPECT_LE(waits.communication.mpi_nanoseconds.min, waits.communication.mpi_nanoseconds.max);
}

}  // namespace
}  // namespace neardup
