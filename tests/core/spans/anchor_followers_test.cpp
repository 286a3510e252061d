// Followers resolved from their representative: facts at the same offsets, coded as runs.
#include "core/spans/anchor_followers.hpp"

#include <gtest/gtest.h>

#include <map>
#include <utility>

namespace neardup {
namespace {

using Kind = WindowFact::Kind;
using Place = std::pair<DocId, std::uint32_t>;

// Every window the runs name, with its fact; fails on a window named twice or anchored
// elsewhere than `anchors` says.
std::map<Place, WindowFact> expand(const std::vector<WindowRun>& runs,
                                   const std::map<DocId, std::uint32_t>& anchors) {
  std::map<Place, WindowFact> out;
  for (const WindowRun& run : runs) {
    EXPECT_EQ(run.anchor, anchors.at(run.doc));
    for (std::uint32_t i = 0; i < run.count; ++i) {
      EXPECT_TRUE(out.emplace(Place{run.doc, run.token + i}, run.at(i)).second);
    }
  }
  return out;
}

TEST(AnchorFollowers, FollowersCopyTheRepresentativeOrWhatItCopies) {
  // Representative: document 7, anchor 21, windows 17-21. Window 17 no other representative
  // has; 18-19 copy document 2's 10-11; 20 and 21 come first, before document 5's 5 and
  // document 20's 8. Its followers: document 9's anchor 41 and document 12's 31.
  const std::vector<WindowFact> facts = {
      {}, {Kind::kCopy, 2, 10}, {Kind::kCopy, 2, 11}, {Kind::kFirst, 5, 5}, {Kind::kFirst, 20, 8}};
  const std::vector<Follower> followers = {{7, 21, 9, 41}, {7, 21, 12, 31}};
  std::vector<WindowRun> runs;
  resolve_followers({7, 21, 17, facts}, followers, runs);
  ASSERT_EQ(runs.size(), 10u);  // 17, 18-19 (document 2), 20, 21; then per follower
                                // 17, 18-19 (document 2), 20-21 (document 7)
  const std::vector<WindowRun> own(runs.begin(), runs.begin() + 4);
  const std::vector<WindowRun> theirs(runs.begin() + 4, runs.end());

  // The second occurrence of 17 and 21 is the first follower's (document 9 comes before
  // document 20); of 20, document 5's.
  const std::map<Place, WindowFact> rep = expand(own, {{7, 21}});
  const std::map<Place, WindowFact> expected_rep = {{{7, 17}, {Kind::kFirst, 9, 37}},
                                                    {{7, 18}, {Kind::kCopy, 2, 10}},
                                                    {{7, 19}, {Kind::kCopy, 2, 11}},
                                                    {{7, 20}, {Kind::kFirst, 5, 5}},
                                                    {{7, 21}, {Kind::kFirst, 9, 41}}};
  EXPECT_EQ(rep, expected_rep);

  const std::map<Place, WindowFact> follow = expand(theirs, {{9, 41}, {12, 31}});
  const std::map<Place, WindowFact> expected_follow = {
      {{9, 37}, {Kind::kCopy, 7, 17}},  {{9, 38}, {Kind::kCopy, 2, 10}},
      {{9, 39}, {Kind::kCopy, 2, 11}},  {{9, 40}, {Kind::kCopy, 7, 20}},
      {{9, 41}, {Kind::kCopy, 7, 21}},  {{12, 27}, {Kind::kCopy, 7, 17}},
      {{12, 28}, {Kind::kCopy, 2, 10}}, {{12, 29}, {Kind::kCopy, 2, 11}},
      {{12, 30}, {Kind::kCopy, 7, 20}}, {{12, 31}, {Kind::kCopy, 7, 21}}};
  EXPECT_EQ(follow, expected_follow);
}

TEST(AnchorFollowers, AFamilyCopyIsOneRunAndALoneRepresentativeKeepsItsFacts) {
  const std::vector<WindowFact> unique(30);
  std::vector<WindowRun> runs;
  resolve_followers({1, 100, 71, unique}, std::vector<Follower>{{1, 100, 4, 300}}, runs);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0], (WindowRun{1, 100, 71, 30, {Kind::kFirst, 4, 271}}));
  EXPECT_EQ(runs[1], (WindowRun{4, 300, 271, 30, {Kind::kCopy, 1, 71}}));

  runs.clear();
  const std::vector<WindowFact> mixed = {{}, {Kind::kCopy, 2, 10}, {}};
  resolve_followers({1, 100, 98, mixed}, {}, runs);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0], (WindowRun{1, 100, 99, 1, {Kind::kCopy, 2, 10}}));
}

}  // namespace
}  // namespace neardup
