// Follower anchors resolved from their representative's window facts, as runs.
#include "core/spans/anchor_followers.hpp"

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

void resolve_followers(const RepWindows& rep, std::span<const Follower> followers,
                       std::vector<WindowRun>& out) {
  using Kind = WindowFact::Kind;
  const auto count = static_cast<std::uint32_t>(rep.facts.size());
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t window = rep.first + i;
    WindowFact fact = rep.facts[i];
    if (fact.kind == Kind::kUnique && !followers.empty()) {
      const Follower& next = followers.front();
      fact = {Kind::kFirst, next.doc, window - rep.anchor + next.token};
    }
    if (fact.kind != Kind::kUnique) append_window(out, rep.doc, rep.anchor, window, fact);
  }
  for (const Follower& f : followers) {
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::uint32_t window = rep.first + i;
      const WindowFact& fact = rep.facts[i];
      const WindowFact copy =
          fact.kind == Kind::kCopy ? fact : WindowFact{Kind::kCopy, rep.doc, window};
      append_window(out, f.doc, f.token, window - rep.anchor + f.token, copy);
    }
  }
}

}  // namespace neardup
