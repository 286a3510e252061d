// Follower anchors resolved from their representative's window facts, as runs.
#include "core/spans/anchor_followers.hpp"

namespace neardup {

void resolve_followers(const RepWindows& rep, std::span<const Follower> followers,
                       std::vector<WindowRun>& out) {
  using Kind = WindowFact::Kind;
  const auto count = static_cast<std::uint32_t>(rep.facts.size());
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t window = rep.first + i;
    WindowFact fact = rep.facts[i];
    if (!followers.empty() && fact.kind != Kind::kCopy) {
      const Follower& next = followers.front();
      const WindowFact follower{Kind::kFirst, next.doc, window - rep.anchor + next.token};
      const bool sooner = fact.kind == Kind::kUnique || equal_place(follower) < equal_place(fact);
      if (sooner) fact = follower;
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
