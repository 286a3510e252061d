// Runs of windows: a window extends the last run only where it continues it.
#include "core/spans/window_runs.hpp"

#include <gtest/gtest.h>

namespace neardup {
namespace {

using Kind = WindowFact::Kind;

TEST(WindowRuns, AppendWindowExtendsOnlyAContinuingRun) {
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

}  // namespace
}  // namespace neardup
