// Which splits are shared among the ranks and who then owns each document, against owners
// worked out by hand.
#include <gtest/gtest.h>

#include <vector>

#include "jobs/documents/doc_owners.hpp"
#include "jobs/documents/job_plan.hpp"

namespace neardup {
namespace {

// a.jsonl.gz (1,000 bytes, one split), b.jsonl (3,000 bytes, three splits), c.txt.gz (2,000
// bytes: one document, never shared) and d.jsonl.zst (100 bytes): 6,100 bytes.
JobPlan four_files() {
  JobPlan plan;
  plan.files = {{"a.jsonl.gz", 1000, InputFormat::kJsonlGzip, "a.jsonl.gz"},
                {"b.jsonl", 3000, InputFormat::kJsonl, "b.jsonl"},
                {"c.txt.gz", 2000, InputFormat::kTextGzip, "c.txt.gz"},
                {"d.jsonl.zst", 100, InputFormat::kJsonlZstd, "d.jsonl.zst"}};
  plan.splits = {{0, 0, 1000},    {1, 0, 1000}, {1, 1000, 2000},
                 {1, 2000, 3000}, {2, 0, 2000}, {3, 0, 100}};
  return plan;
}

TEST(SharedSplits, AFileOverOneOverTwiceTheRanksOfTheInputIsShared) {
  JobPlan plan = four_files();
  plan.owners = assign_splits(plan.splits, 2);
  const std::vector<int> unshared = plan.owners;
  // 2 x 2 x 1,000 < 6,100: a.jsonl.gz is not shared at 2 ranks, and the owners stay.
  share_unsplittable_splits(plan, 2);
  EXPECT_TRUE(plan.shared.empty());
  EXPECT_EQ(plan.owners, unshared);
  share_unsplittable_splits(plan, 1);
  EXPECT_TRUE(plan.shared.empty());
  // 2 x 4 x 1,000 > 6,100: at 4 ranks it is; c.txt.gz (a text file) and d.jsonl.zst (small)
  // are not. By bytes, largest first onto the lightest rank: c -> 0, b's splits -> 1, 2, 3,
  // d -> 1 (1,000 + 100), then a, weighing one byte, -> 2 (the lightest, 1,000).
  share_unsplittable_splits(plan, 4);
  EXPECT_EQ(plan.shared, (std::vector<char>{1, 0, 0, 0, 0, 0}));
  EXPECT_EQ(plan.owners, (std::vector<int>{2, 1, 2, 3, 0, 1}));
  EXPECT_TRUE(plan.is_shared(0));
  EXPECT_FALSE(plan.is_shared(4));
}

TEST(SharedSplits, DocumentsOfASharedSplitBelongToTheRankOfTheirRange) {
  JobPlan plan = four_files();
  share_unsplittable_splits(plan, 4);
  // Lines 0-9 went to rank 1, 10-24 to rank 0, 30-39 to rank 3; 25-29 to nobody (say a
  // stopped read): the reader, rank 2, owns them. Given out of order.
  const DocOwners owner(plan, {{0, 30, 40, 3}, {0, 0, 10, 1}, {0, 10, 25, 0}});
  EXPECT_EQ(owner(make_doc_id(0, 0)), 1);
  EXPECT_EQ(owner(make_doc_id(0, 9)), 1);
  EXPECT_EQ(owner(make_doc_id(0, 10)), 0);
  EXPECT_EQ(owner(make_doc_id(0, 24)), 0);
  EXPECT_EQ(owner(make_doc_id(0, 27)), 2);
  EXPECT_EQ(owner(make_doc_id(0, 39)), 3);
  EXPECT_EQ(owner(make_doc_id(0, 40)), 2);
  // Other splits: their owner in the plan.
  EXPECT_EQ(owner(make_doc_id(3, 5)), 3);
  EXPECT_EQ(owner(make_doc_id(4, 0)), 0);
  EXPECT_EQ(owner(make_doc_id(5, 7)), 1);
}

}  // namespace
}  // namespace neardup
