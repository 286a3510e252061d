// The all-to-all exchange every job shares: items move to the rank that owns them with
// MPI_Alltoallv, in rounds whose size is bounded so buffers do not grow with the corpus.
#include "jobs/mpi/exchange.hpp"

#include <climits>

#include "jobs/mpi/huge_pages.hpp"
#include "jobs/mpi/interrupt.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

int checked_int(std::size_t value, const char* what) {
  if (value > static_cast<std::size_t>(INT_MAX)) {
    throw MpiError(std::string(what) + " exceeds 2 GiB in one exchange round; lower --shuffle-mb");
  }
  return static_cast<int>(value);
}

}  // namespace

Exchanger::Exchanger(MPI_Comm comm, std::size_t round_bytes)
    : comm_(comm),
      rank_(comm_rank(comm)),
      size_(comm_size(comm)),
      round_bytes_(std::clamp<std::size_t>(round_bytes, 1 << 20, 1 << 30)) {}

std::size_t Exchanger::agree_rounds(std::span<const std::uint64_t> bytes_per_destination) {
  std::vector<std::uint64_t> incoming(bytes_per_destination.size());
  mpi_check(MPI_Allreduce(bytes_per_destination.data(), incoming.data(),
                          static_cast<int>(incoming.size()), MPI_UINT64_T, MPI_SUM, comm_),
            "MPI_Allreduce");
  std::uint64_t outgoing = 0;
  for (const std::uint64_t b : bytes_per_destination) outgoing += b;
  std::uint64_t local_need = std::max(outgoing, incoming[static_cast<std::size_t>(rank_)]);
  std::uint64_t need = 0;
  mpi_check(MPI_Allreduce(&local_need, &need, 1, MPI_UINT64_T, MPI_MAX, comm_), "MPI_Allreduce");
  return std::max<std::size_t>(1, (need + round_bytes_ - 1) / round_bytes_);
}

std::size_t Exchanger::exchange_counts(std::span<const std::size_t> send_counts,
                                       std::vector<std::size_t>& recv_counts) {
  const auto ranks = static_cast<std::size_t>(size_);
  std::vector<int> scounts(ranks), rcounts(ranks);
  for (std::size_t d = 0; d < ranks; ++d) scounts[d] = checked_int(send_counts[d], "send block");
  fault_point("exchange");
  mpi_check(MPI_Alltoall(scounts.data(), 1, MPI_INT, rcounts.data(), 1, MPI_INT, comm_),
            "MPI_Alltoall");
  std::size_t total = 0;
  recv_counts.assign(ranks, 0);
  for (std::size_t s = 0; s < ranks; ++s) {
    recv_counts[s] = static_cast<std::size_t>(rcounts[s]);
    total += recv_counts[s];
  }
  checked_int(total, "receive buffer");
  return total;
}

void Exchanger::exchange_items(const void* send, std::span<const std::size_t> send_offsets,
                               std::span<const std::size_t> send_counts, void* recv,
                               std::span<const std::size_t> recv_counts, std::size_t item_bytes) {
  const auto ranks = static_cast<std::size_t>(size_);
  std::vector<int> scounts(ranks), sdispls(ranks), rcounts(ranks), rdispls(ranks);
  std::size_t offset = 0;
  for (std::size_t d = 0; d < ranks; ++d) {
    scounts[d] = checked_int(send_counts[d], "send block");
    sdispls[d] = checked_int(send_offsets[d], "send buffer");
    rcounts[d] = checked_int(recv_counts[d], "receive block");
    rdispls[d] = checked_int(offset, "receive buffer");
    offset += recv_counts[d];
    if (static_cast<int>(d) != rank_) bytes_sent_ += send_counts[d] * item_bytes;
  }
  MPI_Datatype item;
  mpi_check(MPI_Type_contiguous(checked_int(item_bytes, "item"), MPI_BYTE, &item),
            "MPI_Type_contiguous");
  mpi_check(MPI_Type_commit(&item), "MPI_Type_commit");
  const int status = MPI_Alltoallv(send, scounts.data(), sdispls.data(), item, recv, rcounts.data(),
                                   rdispls.data(), item, comm_);
  MPI_Type_free(&item);
  mpi_check(status, "MPI_Alltoallv");
}

ByteBuffer Exchanger::exchange_bytes(std::span<const char> send,
                                     std::span<const std::size_t> send_counts,
                                     std::vector<std::size_t>& recv_counts) {
  ByteBuffer recv;
  exchange_bytes_into(send, send_counts, recv_counts, recv);
  return recv;
}

void Exchanger::exchange_bytes_into(std::span<const char> send,
                                    std::span<const std::size_t> send_counts,
                                    std::vector<std::size_t>& recv_counts, ByteBuffer& recv) {
  std::vector<std::size_t> send_offsets(send_counts.size());
  std::size_t offset = 0;
  for (std::size_t d = 0; d < send_counts.size(); ++d) {
    send_offsets[d] = offset;
    offset += send_counts[d];
  }
  const std::size_t total = exchange_counts(send_counts, recv_counts);
  reuse_buffer(recv, total);
  recv.resize(total);
  exchange_items(send.data(), send_offsets, send_counts, recv.data(), recv_counts, 1);
}

ReceivedBlocks Exchanger::exchange_blocks(const std::vector<std::string>& per_destination) {
  const auto ranks = static_cast<std::size_t>(size_);
  std::vector<char> send;
  std::size_t total = 0;
  for (const std::string& block : per_destination) total += block.size();
  send.reserve(total);
  std::vector<std::size_t> send_counts(ranks), recv_counts;
  for (std::size_t d = 0; d < ranks; ++d) {
    send.insert(send.end(), per_destination[d].begin(), per_destination[d].end());
    send_counts[d] = per_destination[d].size();
  }
  ByteBuffer recv = exchange_bytes(send, send_counts, recv_counts);
  return ReceivedBlocks(std::move(recv), recv_counts);
}

}  // namespace neardup
