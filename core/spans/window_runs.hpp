// Window facts carried as runs: consecutive windows of one document and one anchor whose
// equal windows are consecutive too, one record for all of them.
#pragma once

#include <cstdint>
#include <vector>

#include "core/doc_id.hpp"
#include "core/spans/repeat_cuts.hpp"

namespace neardup {

/// Windows [token, token + count) of a document, each anchored at its token `anchor`, and
/// their facts: the first window's is `fact`, and each next window's equal window is one
/// token after the previous one's, in the same document. Packed (33 bytes, not 48): ranks
/// hold them, and the facts checkpoint saves them, by the hundred thousand.
struct [[gnu::packed]] WindowRun {
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

}  // namespace neardup
