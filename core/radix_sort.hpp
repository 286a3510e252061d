// Radix sorts of flat records by an unsigned integer key: LSD (stable, over a scratch buffer of
// the same size) and, for hashed keys, one that needs a scratch of only 1/256 of the records,
// and one bucket pass for arrays of 64-bit hashes.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace neardup {

/// Sorts `items` stably by key(item) (an unsigned 64-bit value of which only the low
/// `key_bits` bits may be set), in ceil(key_bits / kDigitBits) passes over a scratch buffer of
/// the same size (11-bit digits suit large arrays; 8-bit ones small, cache-resident arrays). One
/// pass over the items counts the digits of every pass; a pass whose digit is the same for every
/// item is skipped. O(n) per pass: 16-byte tuples with 64-bit keys sort in 6 passes, several times
/// faster than a comparison sort on millions of tuples. `scratch` is resized to items.size() and
/// left holding unspecified items; a caller sorting in a loop passes the same one, so it is
/// allocated once.
template <unsigned kDigitBits = 11, class T, class Key>
void radix_sort(std::vector<T>& items, Key key, unsigned key_bits, std::vector<T>& scratch) {
  constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
  constexpr unsigned kMaxPasses = (64 + kDigitBits - 1) / kDigitBits;
  if (items.size() < 2 || key_bits == 0) return;
  const unsigned passes = (key_bits + kDigitBits - 1) / kDigitBits;
  std::vector<std::array<std::size_t, kBuckets>> counts(passes);
  for (const T& item : items) {
    const std::uint64_t k = key(item);
    for (unsigned p = 0; p < passes && p < kMaxPasses; ++p) {
      ++counts[p][(k >> (p * kDigitBits)) & (kBuckets - 1)];
    }
  }
  scratch.resize(items.size());
  for (unsigned p = 0; p < passes; ++p) {
    std::array<std::size_t, kBuckets>& start = counts[p];
    bool one_bucket = false;
    std::size_t sum = 0;
    for (std::size_t& c : start) {
      one_bucket |= c == items.size();
      const std::size_t count = c;
      c = sum;
      sum += count;
    }
    if (one_bucket) continue;
    const unsigned shift = p * kDigitBits;
    for (const T& item : items) scratch[start[(key(item) >> shift) & (kBuckets - 1)]++] = item;
    items.swap(scratch);
  }
}

/// radix_sort with a scratch buffer of its own.
template <class T, class Key>
void radix_sort(std::vector<T>& items, Key key, unsigned key_bits) {
  std::vector<T> scratch;
  radix_sort(items, key, key_bits, scratch);
}

/// Sorts `items` by key(item) (only the low `key_bits` bits may be set), not stably, with
/// scratch buffers of about items.size() / 256 items instead of items.size(): one pass in place
/// on the key's top 8 bits (American flag sort) splits the items into 256 buckets, then each
/// bucket is LSD radix-sorted, cache-resident, by the rest of the key. Meant for keys spread
/// evenly (hashes): a bucket holding most items would need scratch for most items.
template <class T, class Key>
void radix_sort_in_place(std::vector<T>& items, Key key, unsigned key_bits) {
  constexpr unsigned kTopBits = 8;
  constexpr std::size_t kBuckets = std::size_t{1} << kTopBits;
  if (items.size() < 2 || key_bits == 0) return;
  std::vector<T> bucket, scratch;
  if (key_bits <= kTopBits) {
    radix_sort<kTopBits>(items, key, key_bits, scratch);
    return;
  }
  const unsigned shift = key_bits - kTopBits;
  const auto top = [&](const T& item) { return (key(item) >> shift) & (kBuckets - 1); };
  std::array<std::size_t, kBuckets + 1> begin{};
  for (const T& item : items) ++begin[top(item) + 1];
  for (std::size_t b = 0; b < kBuckets; ++b) begin[b + 1] += begin[b];
  std::array<std::size_t, kBuckets> next;
  std::copy(begin.begin(), begin.end() - 1, next.begin());
  for (std::size_t b = 0; b < kBuckets; ++b) {
    while (next[b] < begin[b + 1]) {
      // Carries the item at the bucket's first unplaced slot to its own bucket, and the item
      // it displaces to that one's, until an item of bucket b comes back.
      T item = items[next[b]];
      for (std::size_t d = top(item); d != b; d = top(item)) std::swap(item, items[next[d]++]);
      items[next[b]++] = item;
    }
  }
  const std::uint64_t rest = (std::uint64_t{1} << shift) - 1;
  for (std::size_t b = 0; b < kBuckets; ++b) {
    if (begin[b + 1] - begin[b] < 2) continue;
    const auto first = items.begin() + static_cast<std::ptrdiff_t>(begin[b]);
    const auto last = items.begin() + static_cast<std::ptrdiff_t>(begin[b + 1]);
    bucket.assign(first, last);
    radix_sort<8>(
        bucket, [&](const T& item) { return key(item) & rest; }, shift, scratch);
    std::copy(bucket.begin(), bucket.end(), first);
  }
}

/// Sorts 64-bit hashes (values spread evenly) with one counting and one scatter pass by their
/// top bits into buckets of about four, each then sorted on its own (insertion sort, or
/// std::sort for a bucket that a skewed input made large, so the worst case stays
/// O(n log n)). Several times faster than radix_sort on the thousands of hashes of a document.
/// `scratch` and `bucket_ends` are resized and left unspecified; a caller sorting in a loop
/// passes the same ones.
inline void sort_hashes(std::vector<std::uint64_t>& hashes, std::vector<std::uint64_t>& scratch,
                        std::vector<std::uint32_t>& bucket_ends) {
  constexpr std::size_t kInsertionUpTo = 16;
  const std::size_t n = hashes.size();
  if (n <= kInsertionUpTo || n > 0xFFFFFFFFull) {
    std::sort(hashes.begin(), hashes.end());
    return;
  }
  const unsigned bits = static_cast<unsigned>(std::bit_width(n)) - 2;  // n / 4 .. n / 2 buckets
  const unsigned shift = 64 - bits;
  bucket_ends.assign((std::size_t{1} << bits) + 1, 0);
  for (const std::uint64_t h : hashes) ++bucket_ends[(h >> shift) + 1];
  for (std::size_t b = 1; b < bucket_ends.size(); ++b) bucket_ends[b] += bucket_ends[b - 1];
  scratch.resize(n);
  for (const std::uint64_t h : hashes) scratch[bucket_ends[h >> shift]++] = h;
  // bucket_ends[b] is now where bucket b ends (and b + 1 begins).
  std::size_t begin = 0;
  for (std::size_t b = 0; b + 1 < bucket_ends.size(); ++b) {
    const std::size_t end = bucket_ends[b];
    if (end - begin > kInsertionUpTo) {
      std::sort(scratch.begin() + static_cast<std::ptrdiff_t>(begin),
                scratch.begin() + static_cast<std::ptrdiff_t>(end));
    } else {
      for (std::size_t i = begin + 1; i < end; ++i) {
        const std::uint64_t h = scratch[i];
        std::size_t j = i;
        for (; j > begin && scratch[j - 1] > h; --j) scratch[j] = scratch[j - 1];
        scratch[j] = h;
      }
    }
    begin = end;
  }
  hashes.swap(scratch);
}

}  // namespace neardup
