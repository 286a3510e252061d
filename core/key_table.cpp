// A flat table of (64-bit key, document) sorted by key, searched by key prefix: the layout of
// the index's SimHash tables and MinHash band tables (memory-mappable, two parallel arrays).
#include "core/key_table.hpp"

#include <algorithm>

#include "core/radix_sort.hpp"

namespace neardup {

std::pair<std::size_t, std::size_t> KeyTableView::prefix_range(std::uint64_t key,
                                                               unsigned bits) const {
  const std::uint64_t low_mask = bits >= 64 ? 0 : ~0ull >> bits;
  const std::uint64_t lowest = key & ~low_mask;
  const std::uint64_t highest = key | low_mask;
  const auto first = std::lower_bound(keys.begin(), keys.end(), lowest);
  const auto last = std::upper_bound(first, keys.end(), highest);
  return {static_cast<std::size_t>(first - keys.begin()),
          static_cast<std::size_t>(last - keys.begin())};
}

void sort_key_table(std::vector<std::uint64_t>& keys, std::vector<std::uint32_t>& docs) {
  struct Entry {
    std::uint64_t key;
    std::uint32_t doc;
  };
  std::vector<Entry> entries(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) entries[i] = {keys[i], docs[i]};
  radix_sort(
      entries, [](const Entry& e) { return static_cast<std::uint64_t>(e.doc); }, 32);
  radix_sort(
      entries, [](const Entry& e) { return e.key; }, 64);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    keys[i] = entries[i].key;
    docs[i] = entries[i].doc;
  }
}

bool is_key_table_sorted(const KeyTableView& table) {
  return table.keys.size() == table.docs.size() &&
         std::is_sorted(table.keys.begin(), table.keys.end());
}

}  // namespace neardup
