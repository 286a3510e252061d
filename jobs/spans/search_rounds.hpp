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

/// The bytes of a k-gram's or a window's hash as the search sends it: its low 48 bits, a quarter
/// less than all 64. Two k-grams whose hashes collide share a group, where their contexts (sent
/// whole) tell them apart. A window is compared only with the others of its k-gram's group: two
/// different ones collide with probability 2^-48 a pair, and a collision gives one window a
/// wrong fact, whose cut the tokens refuse (its neighbours' cuts cover its tokens). Equal
/// hashes are only candidates: a collision can keep text, never cut it.
inline constexpr std::size_t kSearchHashBytes = 6;

/// How many buckets the search's k-gram hashes fall in: the finest a round can be.
inline constexpr std::size_t kSearchBuckets = 256;

/// The search bucket of a k-gram hash: its low 8 bits. It is read from the hash as sent (its
/// low kSearchHashBytes bytes) where the followers wait, and from the whole hash where the
/// representatives' windows do: both must give the same round.
inline std::size_t search_bucket(std::uint64_t hash) { return hash % kSearchBuckets; }
static_assert(kSearchBuckets == 256 && 8 * kSearchHashBytes > 8);

/// The rank owning a fingerprint `hash` (a k-gram's or a unit's) among `ranks`: from the bits
/// of the hash as sent above the bucket's (8-47), so that every round's buckets spread over
/// all ranks and a k-gram's group, read from the hash as sent, never depends on the rank count.
inline int fingerprint_owner(std::uint64_t hash, int ranks) {
  const std::uint64_t sent = hash & ((std::uint64_t{1} << 8 * kSearchHashBytes) - 1);
  return static_cast<int>(sent / kSearchBuckets % static_cast<std::uint64_t>(ranks));
}

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
