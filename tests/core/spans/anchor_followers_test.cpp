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

TEST(AnchorFollowers, AppendWindowExtendsOnlyAContinuingRun) {
  std::vector<WindowRun> runs;
  append_window(runs, 3, 10, 8, {Kind::kCopy, 5, 40});
  append_window(runs, 3, 10, 9, {Kind::kCopy, 5, 41});    // continues
  append_window(runs, 3, 10, 10, {Kind::kCopy, 5, 43});   // another shift
  append_window(runs, 3, 10, 11, {Kind::kCopy, 6, 44});   // another document
  append_window(runs, 3, 10, 12, {Kind::kFirst, 6, 45});  // another kind
  append_window(runs, 3, 12, 13, {Kind::kFirst, 6, 46});  // another anchor
  append_window(runs, 4, 12, 14, {Kind::kFirst, 6, 47});  // another document of its own
  append_window(runs, 4, 12, 16, {Kind::kFirst, 6, 49});  // a window skipped
  ASSERT_EQ(runs.size(), 7u);
  EXPECT_EQ(runs[0], (WindowRun{3, 10, 8, 2, {Kind::kCopy, 5, 40}}));
  EXPECT_EQ(runs[0].at(1), (WindowFact{Kind::kCopy, 5, 41}));
  EXPECT_EQ(runs[1].count, 1u);
  EXPECT_EQ(runs[6], (WindowRun{4, 12, 16, 1, {Kind::kFirst, 6, 49}}));
}

TEST(AnchorFollowers, FollowersCopyTheRepresentativeOrWhatItCopies) {
  // Representative: document 7, anchor 20, windows 17-21. Windows 17 and 21 no other
  // representative has; 18-19 copy document 2's 10-11; 20 is the first of document 5's 5.
  const std::vector<WindowFact> facts = {
      {}, {Kind::kCopy, 2, 10}, {Kind::kCopy, 2, 11}, {Kind::kFirst, 5, 5}, {}};
  const std::vector<Follower> followers = {{7, 20, 9, 40}, {7, 20, 12, 30}};
  std::vector<WindowRun> runs;
  resolve_followers({7, 20, 17, facts}, followers, runs);
  ASSERT_EQ(runs.size(), 10u);  // 17, 18-19 (document 2), 20, 21; then per follower
                                // 17, 18-19 (document 2), 20-21 (document 7)
  const std::vector<WindowRun> own(runs.begin(), runs.begin() + 4);
  const std::vector<WindowRun> theirs(runs.begin() + 4, runs.end());

  const std::map<Place, WindowFact> rep = expand(own, {{7, 20}});
  const std::map<Place, WindowFact> expected_rep = {{{7, 17}, {Kind::kFirst, 9, 37}},
                                                    {{7, 18}, {Kind::kCopy, 2, 10}},
                                                    {{7, 19}, {Kind::kCopy, 2, 11}},
                                                    {{7, 20}, {Kind::kFirst, 5, 5}},
                                                    {{7, 21}, {Kind::kFirst, 9, 41}}};
  EXPECT_EQ(rep, expected_rep);

  const std::map<Place, WindowFact> follow = expand(theirs, {{9, 40}, {12, 30}});
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
