// A flat table of (64-bit key, document) sorted by key, searched by key prefix: the layout of
// the index's SimHash tables and MinHash band tables (memory-mappable, two parallel arrays).
#include "core/tables/key_table.hpp"

#include <algorithm>
#include <bit>

#include "core/radix_sort.hpp"

namespace neardup {

std::pair<std::size_t, std::size_t> KeyTableView::prefix_range(std::uint64_t key,
                                                               unsigned bits) const {
  const auto [lowest, highest] = key_prefix_bounds(key, bits);
  const auto first = std::lower_bound(keys.begin(), keys.end(), lowest);
  const auto last = std::upper_bound(first, keys.end(), highest);
  return {static_cast<std::size_t>(first - keys.begin()),
          static_cast<std::size_t>(last - keys.begin())};
}

unsigned key_directory_bits(std::size_t n) {
  constexpr unsigned kKeysPerBucket = 5;  // log2 of the most keys a bucket holds on average
  constexpr unsigned kMaxBits = 26;
  const auto width = static_cast<unsigned>(std::bit_width(n));
  return width <= kKeysPerBucket + 2 ? 0 : std::min(kMaxBits, width - kKeysPerBucket);
}

std::vector<std::uint32_t> key_directory(std::span<const std::uint64_t> keys, unsigned bits) {
  std::vector<std::uint32_t> starts((std::size_t{1} << bits) + 1, 0);
  for (const std::uint64_t key : keys) {
    if (bits != 0) ++starts[(key >> (64 - bits)) + 1];
  }
  starts.back() = static_cast<std::uint32_t>(keys.size());
  for (std::size_t v = 1; v + 1 < starts.size(); ++v) starts[v] += starts[v - 1];
  return starts;
}

BucketedKeyTable::BucketedKeyTable(KeyTableView table)
    : table_(table), directory_bits_(key_directory_bits(table.keys.size())) {
  if (directory_bits_ != 0) starts_ = key_directory(table.keys, directory_bits_);
}

std::pair<std::size_t, std::size_t> BucketedKeyTable::prefix_range(std::uint64_t key,
                                                                   unsigned bits) const {
  return narrow(bucket(key, bits), key, bits);
}

void BucketedKeyTable::prefetch_bucket(std::uint64_t key) const {
  if (directory_bits_ != 0) __builtin_prefetch(&starts_[key >> (64 - directory_bits_)]);
}

std::pair<std::size_t, std::size_t> BucketedKeyTable::bucket(std::uint64_t key,
                                                             unsigned bits) const {
  if (directory_bits_ == 0) return {0, table_.keys.size()};
  const auto [lowest, highest] = key_prefix_bounds(key, bits);
  const unsigned shift = 64 - directory_bits_;
  const std::size_t first = starts_[lowest >> shift];
  const std::size_t last = starts_[(highest >> shift) + 1];
  if (first < last) __builtin_prefetch(&table_.keys[first + (last - first) / 2]);
  return {first, last};
}

std::pair<std::size_t, std::size_t> BucketedKeyTable::narrow(
    std::pair<std::size_t, std::size_t> bucket, std::uint64_t key, unsigned bits) const {
  // A prefix no longer than the directory's bits covers whole buckets: exactly its keys.
  if (directory_bits_ != 0 && bits <= directory_bits_) return bucket;
  const auto [lowest, highest] = key_prefix_bounds(key, bits);
  const auto begin = table_.keys.begin();
  const auto first = std::lower_bound(begin + static_cast<std::ptrdiff_t>(bucket.first),
                                      begin + static_cast<std::ptrdiff_t>(bucket.second), lowest);
  const auto last =
      std::upper_bound(first, begin + static_cast<std::ptrdiff_t>(bucket.second), highest);
  return {static_cast<std::size_t>(first - begin), static_cast<std::size_t>(last - begin)};
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
