// LSD radix sort of flat records by an unsigned integer key, 8 bits per pass, stable.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace neardup {

/// Sorts `items` stably by key(item) (an unsigned 64-bit value of which only the low
/// `key_bits` bits may be set), in ceil(key_bits / 8) passes over a scratch buffer of the same
/// size; passes whose byte is the same for every item are skipped. O(n) per pass, so it beats
/// comparison sorts on millions of tuples.
template <class T, class Key>
void radix_sort(std::vector<T>& items, Key key, unsigned key_bits) {
  if (items.size() < 2 || key_bits == 0) return;
  std::vector<T> scratch(items.size());
  for (unsigned shift = 0; shift < key_bits; shift += 8) {
    std::array<std::size_t, 257> start{};
    for (const T& item : items) ++start[((key(item) >> shift) & 0xFF) + 1];
    bool one_bucket = false;
    for (std::size_t b = 1; b <= 256; ++b) one_bucket |= start[b] == items.size();
    if (one_bucket) continue;
    for (std::size_t b = 0; b < 256; ++b) start[b + 1] += start[b];
    for (const T& item : items) scratch[start[(key(item) >> shift) & 0xFF]++] = item;
    items.swap(scratch);
  }
}

}  // namespace neardup
