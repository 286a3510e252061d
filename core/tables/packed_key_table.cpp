// A sorted table of 64-bit keys stored compactly (Manku, Jain and Das Sarma's compressed
// tables): a directory of where each value of the keys' top d bits begins, and each key's low
// 64 - d bits bit-packed at a fixed width, so that entry i is read directly.
#include "core/tables/packed_key_table.hpp"

#include <algorithm>
#include <bit>

namespace neardup {
namespace {

std::uint64_t low_mask(unsigned width) { return width >= 64 ? ~0ull : (1ull << width) - 1; }

// The words that hold n entries of `width` bits, with the padding word.
std::size_t packed_words(std::size_t n, unsigned width) { return (n * width + 63) / 64 + 1; }

// The directory bits of a directory of `entries` entries (2^d + 1), or 64 when it is not one.
unsigned directory_bits_of(std::size_t entries) {
  if (entries < 2 || !std::has_single_bit(entries - 1) || entries - 1 > (1ull << 32)) return 64;
  return static_cast<unsigned>(std::countr_zero(entries - 1));
}

}  // namespace

std::string packed_directory_problem(std::span<const std::uint32_t> starts, std::size_t n) {
  if (directory_bits_of(starts.size()) == 64) {
    return "directory has " + std::to_string(starts.size()) + " entries, not 2^d + 1";
  }
  if (starts.front() != 0) return "block 0: directory starts at " + std::to_string(starts[0]);
  for (std::size_t v = 1; v < starts.size(); ++v) {
    if (starts[v] < starts[v - 1]) {
      return "block " + std::to_string(v - 1) + ": directory goes back from " +
             std::to_string(starts[v - 1]) + " to " + std::to_string(starts[v]);
    }
  }
  if (starts.back() != n) {
    return "directory ends at entry " + std::to_string(starts.back()) + ", not at the " +
           std::to_string(n) + " entries";
  }
  return "";
}

PackedKeyArrays pack_sorted_keys(std::span<const std::uint64_t> keys, unsigned directory_bits) {
  const unsigned width = 64 - directory_bits;
  PackedKeyArrays packed{key_directory(keys, directory_bits),
                         std::vector<std::uint64_t>(packed_words(keys.size(), width), 0)};
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint64_t low = keys[i] & low_mask(width);
    const std::size_t bit = i * width, word = bit / 64, offset = bit % 64;
    packed.words[word] |= low << offset;
    if (offset + width > 64) packed.words[word + 1] |= low >> (64 - offset);
  }
  return packed;
}

std::string packed_keys_problem(const PackedKeys& keys, std::size_t n) {
  if (std::string problem = packed_directory_problem(keys.starts, n); !problem.empty()) {
    return problem;
  }
  const unsigned bits = directory_bits_of(keys.starts.size());
  if (keys.words.size() != packed_words(n, 64 - bits)) {
    return "packed keys have " + std::to_string(keys.words.size()) + " words, not the " +
           std::to_string(packed_words(n, 64 - bits)) + " of " + std::to_string(n) + " entries";
  }
  std::string problem;
  std::uint64_t previous = 0;
  PackedKeyTable(keys).for_each_key({0, n}, 0, 0, [&](std::size_t i, std::uint64_t key) {
    if (problem.empty() && key < previous) {
      problem = "block " + std::to_string(bits == 0 ? 0 : key >> (64 - bits)) +
                ": keys not sorted at entry " + std::to_string(i);
    }
    previous = key;
  });
  return problem;
}

PackedKeyTable::PackedKeyTable(PackedKeys keys)
    : keys_(keys),
      bits_(static_cast<unsigned>(std::countr_zero(keys.starts.size() - 1))),
      width_(64 - bits_) {}

std::uint64_t PackedKeyTable::low(std::size_t i) const {
  const std::size_t bit = i * width_, word = bit / 64, offset = bit % 64;
  std::uint64_t value = keys_.words[word] >> offset;
  if (offset + width_ > 64) value |= keys_.words[word + 1] << (64 - offset);
  return value & low_mask(width_);
}

std::pair<std::size_t, std::size_t> PackedKeyTable::prefix_range(std::uint64_t key,
                                                                 unsigned bits) const {
  return narrow(bucket(key, bits), key, bits);
}

void PackedKeyTable::prefetch_bucket(std::uint64_t key) const {
  __builtin_prefetch(&keys_.starts[block_of(key)]);
}

std::pair<std::size_t, std::size_t> PackedKeyTable::bucket(std::uint64_t key, unsigned bits) const {
  const auto [lowest, highest] = key_prefix_bounds(key, bits);
  const std::size_t first = keys_.starts[block_of(lowest)];
  const std::size_t last = keys_.starts[block_of(highest) + 1];
  if (first < last) __builtin_prefetch(&keys_.words[(first + last) / 2 * width_ / 64]);
  return {first, last};
}

std::pair<std::size_t, std::size_t> PackedKeyTable::narrow(
    std::pair<std::size_t, std::size_t> bucket, std::uint64_t key, unsigned bits) const {
  // A prefix no longer than the directory's bits covers whole blocks: exactly its keys.
  if (bits <= bits_) return bucket;
  const std::pair<std::uint64_t, std::uint64_t> bounds = key_prefix_bounds(key, bits);
  const std::uint64_t lowest = bounds.first & low_mask(width_);
  const std::uint64_t highest = bounds.second & low_mask(width_);
  // The first entry of [from, to) whose low bits are not `below` (they ascend in a block).
  const auto first_not = [&](std::size_t from, std::size_t to, auto below) {
    while (from < to) {
      const std::size_t middle = from + (to - from) / 2;
      if (below(low(middle))) {
        from = middle + 1;
      } else {
        to = middle;
      }
    }
    return from;
  };
  const std::size_t first =
      first_not(bucket.first, bucket.second, [&](std::uint64_t v) { return v < lowest; });
  const std::size_t last =
      first_not(first, bucket.second, [&](std::uint64_t v) { return v <= highest; });
  return {first, last};
}

}  // namespace neardup
