// Anchors that occur with one context: a representative's window facts stand for every
// follower's, at the same offsets from the anchor, carried as runs of windows.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/doc_id.hpp"
#include "core/spans/repeat_cuts.hpp"

namespace neardup {

/// Windows [token, token + count) of a document, each anchored at its token `anchor`, and
/// their facts: the first window's is `fact`, and each next window's equal window is one
/// token after the previous one's, in the same document.
struct WindowRun {
  DocId doc = 0;
  std::uint32_t anchor = 0;
  std::uint32_t token = 0;
  std::uint32_t count = 1;
  WindowFact fact;

  /// The fact of window token + i (i < count).
  WindowFact at(std::uint32_t i) const {
    WindowFact f = fact;
    f.equal_token += i;
    return f;
  }

  bool operator==(const WindowRun&) const = default;
};

/// Appends window `token` of `doc` (anchored at `anchor`) with `fact` to `runs`, as one more
/// window of the last run where it continues it (same document, anchor and kind, next window,
/// next equal window).
void append_window(std::vector<WindowRun>& runs, DocId doc, std::uint32_t anchor,
                   std::uint32_t token, const WindowFact& fact);

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
/// keep their facts, except that a window no other representative has (kUnique) is now the
/// first of its equal windows, kFirst, equal to the first follower's. Each follower's window
/// at the same offset from its anchor is a kCopy: of the window the representative's copies,
/// else of the representative's own. Appends the representative's non-unique windows, then
/// the followers' windows, to `out` as runs.
void resolve_followers(const RepWindows& rep, std::span<const Follower> followers,
                       std::vector<WindowRun>& out);

}  // namespace neardup
