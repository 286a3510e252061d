// Windows appended to runs, a run extended while the windows continue it.
#include "core/spans/window_runs.hpp"

namespace neardup {

void append_window(std::vector<WindowRun>& runs, DocId doc, std::uint32_t anchor,
                   std::uint32_t token, const WindowFact& fact) {
  if (!runs.empty()) {
    WindowRun& last = runs.back();
    if (last.doc == doc && last.anchor == anchor && last.token + last.count == token &&
        last.fact.kind == fact.kind && last.fact.equal_doc == fact.equal_doc &&
        last.fact.equal_token + last.count == fact.equal_token) {
      ++last.count;
      return;
    }
  }
  runs.push_back({doc, anchor, token, 1, fact});
}

}  // namespace neardup
