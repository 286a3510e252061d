// LSD radix sort of flat records by an unsigned integer key, 11 bits per pass, stable.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace neardup {

/// Sorts `items` stably by key(item) (an unsigned 64-bit value of which only the low
/// `key_bits` bits may be set), in ceil(key_bits / 11) passes over a scratch buffer of the same
/// size. One pass over the items counts the digits of every pass; a pass whose digit is the
/// same for every item is skipped. O(n) per pass: 16-byte tuples with 64-bit keys sort in 6
/// passes, several times faster than a comparison sort on millions of tuples. `scratch` is
/// resized to items.size() and left holding unspecified items; a caller sorting in a loop
/// passes the same one, so it is allocated once.
template <class T, class Key>
void radix_sort(std::vector<T>& items, Key key, unsigned key_bits, std::vector<T>& scratch) {
  constexpr unsigned kDigitBits = 11;
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

}  // namespace neardup
