// Anchors that occur with one context: a representative's window facts stand for every
// follower's, at the same offsets from the anchor, carried as runs of windows.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/doc_id.hpp"
#include "core/spans/repeat_cuts.hpp"
#include "core/spans/window_runs.hpp"

namespace neardup {

/// An anchor with the same k-gram and the same context (the tokens of every window holding
/// it) as an earlier one, its representative: their windows are equal offset by offset.
struct Follower {
  DocId rep_doc = 0;
  std::uint32_t rep_token = 0;
  DocId doc = 0;
  std::uint32_t token = 0;

  auto operator<=>(const Follower&) const = default;
};

/// The windows of a representative anchor and their facts among the representatives of its
/// k-gram (as the window groups found them): windows [first, first + facts.size()).
struct RepWindows {
  DocId doc = 0;
  std::uint32_t anchor = 0;
  std::uint32_t first = 0;
  std::span<const WindowFact> facts;
};

/// Resolves a representative and its `followers` (all of them, sorted: the first is the
/// earliest in input order; none before the representative). The representative's windows
/// keep their facts, except where its followers come into them: a window no other
/// representative has (kUnique) is now the first of its equal windows, kFirst; and a kFirst's
/// equal window, the second occurrence, is the first follower's when that comes before the
/// other representative's. Each follower's window at the same offset from its anchor is a
/// kCopy: of the window the representative's copies, else of the representative's own.
/// Appends the representative's non-unique windows, then the followers' windows, to `out` as
/// runs.
void resolve_followers(const RepWindows& rep, std::span<const Follower> followers,
                       std::vector<WindowRun>& out);

}  // namespace neardup
