// Winnowing (Schleimer, Wilkerson, Aiken 2003): of every window of w consecutive k-gram
// hashes, the smallest is the window's anchor, so equal windows have equal anchors.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace neardup {

/// Writes into `anchor_of_window` the anchor of every window of `window` consecutive hashes
/// of `kgram_hashes`: for the window starting at p, the position of its smallest hash, the
/// last one when several are smallest (so the anchor's place inside the window depends on
/// the window's hashes alone). Empty when there are fewer hashes than `window` (which must
/// be at least 1). Linear time (a monotone queue).
void window_anchors(std::span<const std::uint64_t> kgram_hashes, std::size_t window,
                    std::vector<std::uint32_t>& anchor_of_window);

/// Writes into `anchors` the distinct anchors of `anchor_of_window`, in order: the positions
/// winnowing selects (about 2 / (window + 1) of them on random hashes).
void distinct_anchors(std::span<const std::uint32_t> anchor_of_window,
                      std::vector<std::uint32_t>& anchors);

}  // namespace neardup
