// The MPI test main itself: a failure on a rank other than 0 is printed with its rank and fails
// the job. The test fails on purpose only when NEARDUP_FAIL_ON_RANK names this rank.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdlib>
#include <string>

namespace {

TEST(MpiMain, FailsOnTheRankAskedFor) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char* fail_on = std::getenv("NEARDUP_FAIL_ON_RANK");
  EXPECT_FALSE(fail_on != nullptr && std::to_string(rank) == fail_on)
      << "deliberate failure on rank " << rank;
}

}  // namespace
