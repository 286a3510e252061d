// Winnowing by a monotone queue of positions whose hashes increase strictly from front to back.
#include "core/spans/winnowing.hpp"

namespace neardup {

void window_anchors(std::span<const std::uint64_t> kgram_hashes, std::size_t window,
                    std::vector<std::uint32_t>& anchor_of_window) {
  anchor_of_window.clear();
  if (window == 0 || kgram_hashes.size() < window) return;
  anchor_of_window.reserve(kgram_hashes.size() - window + 1);
  // queue[head, tail) holds candidate positions; a new hash <= the back's evicts it (ties go
  // to the later position), the front leaves once it falls out of the window.
  std::vector<std::uint32_t> queue(kgram_hashes.size());
  std::size_t head = 0, tail = 0;
  for (std::size_t i = 0; i < kgram_hashes.size(); ++i) {
    while (tail > head && kgram_hashes[queue[tail - 1]] >= kgram_hashes[i]) --tail;
    queue[tail++] = static_cast<std::uint32_t>(i);
    if (i + 1 < window) continue;
    const std::size_t start = i + 1 - window;
    while (queue[head] < start) ++head;
    anchor_of_window.push_back(queue[head]);
  }
}

void distinct_anchors(std::span<const std::uint32_t> anchor_of_window,
                      std::vector<std::uint32_t>& anchors) {
  anchors.clear();
  for (const std::uint32_t anchor : anchor_of_window) {
    if (anchors.empty() || anchors.back() != anchor) anchors.push_back(anchor);
  }
}

}  // namespace neardup
