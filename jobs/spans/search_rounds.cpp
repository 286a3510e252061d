// Buckets grouped into rounds by their largest size on any rank.
#include "jobs/spans/search_rounds.hpp"

#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

std::vector<BucketRange> bucket_rounds(MPI_Comm comm, std::span<const std::uint64_t> bucket_bytes,
                                       std::uint64_t round_bytes) {
  std::vector<std::uint64_t> most(bucket_bytes.begin(), bucket_bytes.end());
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, most.data(), static_cast<int>(most.size()), MPI_UINT64_T,
                          MPI_MAX, comm),
            "MPI_Allreduce (search round sizes)");
  std::vector<BucketRange> rounds;
  for (std::size_t begin = 0; begin < most.size();) {
    std::size_t end = begin + 1;
    std::uint64_t bytes = most[begin];
    while (end < most.size() && bytes + most[end] <= round_bytes) bytes += most[end++];
    rounds.push_back({begin, end});
    begin = end;
  }
  return rounds;
}

std::vector<std::uint64_t> bucket_bytes(const BucketSpill& spill) {
  std::vector<std::uint64_t> bytes(kSearchBuckets);
  for (std::size_t b = 0; b < kSearchBuckets; ++b) bytes[b] = spill.bytes(b);
  return bytes;
}

}  // namespace neardup
