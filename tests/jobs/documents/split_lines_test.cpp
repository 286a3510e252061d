// SplitLines at 1-4 ranks: the line counts of files of several splits and of shared splits,
// summed over the ranks that read them, against counts worked out by hand; and SplitTallies,
// what one rank holds of the splits it read.
#include "jobs/documents/split_lines.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <stdexcept>
#include <vector>

#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

// a.jsonl in three splits (0-2), b.jsonl in one (3), c.jsonl.gz in one, shared (4), d.jsonl in
// two (5, 6). Split s has (s + 1) x 10 lines, read by rank s % ranks.
TEST(SplitLines, SeveralSplitsOfAFileAndSharedSplitsAreCountedOnEveryRank) {
  const int rank = comm_rank(MPI_COMM_WORLD), ranks = comm_size(MPI_COMM_WORLD);
  JobPlan plan;
  plan.files = {{"a.jsonl", 300, InputFormat::kJsonl, "a.jsonl"},
                {"b.jsonl", 100, InputFormat::kJsonl, "b.jsonl"},
                {"c.jsonl.gz", 100, InputFormat::kJsonlGzip, "c.jsonl.gz"},
                {"d.jsonl", 200, InputFormat::kJsonl, "d.jsonl"}};
  plan.splits = {{0, 0, 100}, {0, 100, 200}, {0, 200, 300}, {1, 0, 100},
                 {2, 0, 100}, {3, 0, 100},   {3, 100, 200}};
  plan.shared = {0, 0, 0, 0, 1, 0, 0};
  SplitTallies local;
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (static_cast<int>(s) % ranks == rank) local.at(s).lines = (s + 1) * 10;
  }
  const SplitLines lines(MPI_COMM_WORLD, plan, local);
  EXPECT_EQ(lines.counted(), 6u);  // all but b.jsonl's only split
  EXPECT_EQ(lines.total(), 280u);
  for (const std::uint32_t s : {0u, 1u, 2u, 4u, 5u, 6u}) EXPECT_EQ(lines.lines(s), (s + 1) * 10);
  EXPECT_THROW(static_cast<void>(lines.lines(3)), std::logic_error);
  const std::vector<std::uint64_t> bases = {0, 10, 30, 0, 0, 0, 60};
  for (std::uint32_t s = 0; s < bases.size(); ++s) EXPECT_EQ(lines.base(s), bases[s]) << s;
}

TEST(SplitLines, FilesOfOneSplitEachNeedNoCounts) {
  JobPlan plan;
  plan.files = {{"a.txt", 5, InputFormat::kText, "a.txt"},
                {"b.txt", 7, InputFormat::kText, "b.txt"}};
  plan.splits = {{0, 0, 5}, {1, 0, 7}};
  SplitTallies local;
  if (comm_rank(MPI_COMM_WORLD) == 0) local.at(1).lines = local.at(0).lines = 1;
  const SplitLines lines(MPI_COMM_WORLD, plan, local);
  EXPECT_EQ(lines.counted(), 0u);
  EXPECT_EQ(lines.total(), 2u);
  EXPECT_EQ(lines.base(1), 0u);
}

// A rank holds counts only for the splits it read, kept by split number whatever the order it
// read them in (shared splits come first).
TEST(SplitTallies, HoldsOnlyTheSplitsReadInSplitOrder) {
  SplitTallies tallies;
  tallies.at(900).lines = 9;
  tallies.at(7).lines = 7;
  tallies.at(7).skipped = 1;
  tallies.at(40).done = true;
  ASSERT_EQ(tallies.all().size(), 3u);
  EXPECT_EQ(tallies.all()[0].first, 7u);
  EXPECT_EQ(tallies.all()[1].first, 40u);
  EXPECT_EQ(tallies.all()[2].first, 900u);
  EXPECT_EQ(tallies.lines(7), 7u);
  EXPECT_EQ(tallies.find(7)->skipped, 1u);
  EXPECT_EQ(tallies.lines(8), 0u);
  EXPECT_EQ(tallies.find(8), nullptr);
  EXPECT_TRUE(tallies.find(40)->done);
}

}  // namespace
}  // namespace neardup
