// The spans search in rounds: k-gram hashes fall in buckets kept in a BucketSpill, and a round
// takes consecutive buckets while they fit its bytes on every rank.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "io/scratch/bucket_spill.hpp"

namespace neardup {

/// How many buckets the search's k-gram hashes fall in: the finest a round can be.
inline constexpr std::size_t kSearchBuckets = 256;

// A bucket is the hash's bits 0-7, the owner rank takes bits 8-47 (fingerprint_owner): both
// must lie in the low 48 bits, all of a k-gram hash that travels, or the followers a k-gram's
// owner keeps by bucket would wait in another round than their representatives' windows.
static_assert(kSearchBuckets == 256);

/// The search bucket of a k-gram hash (its low 8 bits: the owner rank takes the next 40).
inline std::size_t search_bucket(std::uint64_t hash) { return hash % kSearchBuckets; }

/// The buckets [begin, end) one round takes.
struct BucketRange {
  std::size_t begin = 0;
  std::size_t end = 0;
};

/// Collective: the kSearchBuckets buckets cut into consecutive ranges, each as long as its
/// buckets' bytes fit in `round_bytes` (each bucket counted at its most on any rank; a range
/// has at least one bucket). `bucket_bytes`: what each bucket holds on this rank.
std::vector<BucketRange> bucket_rounds(MPI_Comm comm, std::span<const std::uint64_t> bucket_bytes,
                                       std::uint64_t round_bytes);

/// The bytes each bucket of `spill` holds (kSearchBuckets of them).
std::vector<std::uint64_t> bucket_bytes(const BucketSpill& spill);

/// The values (of a trivially copyable T) in the buckets of `range` in `spill`, taken, bucket
/// after bucket; no more than one bucket's bytes are held besides them.
template <class T>
std::vector<T> take_values(BucketSpill& spill, BucketRange range) {
  std::uint64_t bytes = 0;
  for (std::size_t b = range.begin; b < range.end; ++b) bytes += spill.bytes(b);
  std::vector<T> values;
  values.reserve(bytes / sizeof(T));
  for (std::size_t b = range.begin; b < range.end; ++b) {
    const std::string bucket = spill.take(b);
    const std::size_t at = values.size();
    values.resize(at + bucket.size() / sizeof(T));
    if (values.size() > at) std::memcpy(&values[at], bucket.data(), bucket.size());
  }
  return values;
}

}  // namespace neardup
