// The all-to-all exchange every job shares: items move to the rank that owns them with
// MPI_Alltoallv, in rounds whose size is bounded so buffers do not grow with the corpus.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "core/release.hpp"
#include "jobs/mpi/byte_buffer.hpp"
#include "jobs/mpi/received_blocks.hpp"

namespace neardup {

/// Moves data between the ranks of a communicator and counts the bytes it moved.
class Exchanger {
 public:
  /// `round_bytes` bounds the bytes one rank sends, and about the bytes one rank receives, in
  /// one round of shuffle() (clamped to [1 MiB, 1 GiB]).
  Exchanger(MPI_Comm comm, std::size_t round_bytes);

  /// Collective: one MPI_Alltoallv. send_counts[d] bytes of `send`, consecutively by
  /// destination, go to rank d. Returns received bytes; recv_counts[s] came from rank s.
  ByteBuffer exchange_bytes(std::span<const char> send, std::span<const std::size_t> send_counts,
                            std::vector<std::size_t>& recv_counts);

  /// Collective: exchange_bytes into `recv` (replacing its contents), whose memory a caller
  /// exchanging in rounds passes again, so it is faulted in once rather than every round.
  void exchange_bytes_into(std::span<const char> send, std::span<const std::size_t> send_counts,
                           std::vector<std::size_t>& recv_counts, ByteBuffer& recv);

  /// Collective: per_destination[d] goes to rank d (one MPI_Alltoallv); returns what each
  /// source rank sent here, read in place from the receive buffer.
  ReceivedBlocks exchange_blocks(const std::vector<std::string>& per_destination);

  /// Collective: sends each item to rank dest(item) and returns the items this rank received,
  /// in rounds bounded by round_bytes. Received order: by round, then source rank, then the
  /// order items had at their source.
  template <class T, class Dest>
  std::vector<T> shuffle(std::span<const T> items, Dest dest);

  /// Collective: shuffle(), appending the received items to `out`. The exchanger keeps its
  /// packing buffer, so a caller shuffling in a loop into a reused `out` allocates (and
  /// page-faults) its buffers once; call release_scratch() after the loop.
  template <class T, class Dest>
  void shuffle_into(std::span<const T> items, Dest dest, std::vector<T>& out);

  /// Collective: shuffle() of `items`, which it frees once they are packed: the items, their
  /// packed copy and the received items are never all held at once.
  template <class T, class Dest>
  std::vector<T> shuffle_consuming(std::vector<T>&& items, Dest dest);

  /// Frees the packing buffers shuffle_into() kept (shuffle() frees them itself).
  void release_scratch() {
    release(destinations_);
    release(packed_);
  }

  /// Bytes this rank sent to other ranks so far (self-sends excluded).
  std::uint64_t bytes_sent() const { return bytes_sent_; }

  /// The communicator.
  MPI_Comm comm() const { return comm_; }
  /// This rank.
  int rank() const { return rank_; }
  /// The number of ranks.
  int size() const { return size_; }

 private:
  std::size_t agree_rounds(std::span<const std::uint64_t> bytes_per_destination);

  // The start of one exchange round (the "exchange" fault point): exchanges the counts
  // (send_counts[d] items go to rank d) and returns the items that will arrive from each source
  // in `recv_counts`, and their sum.
  std::size_t exchange_counts(std::span<const std::size_t> send_counts,
                              std::vector<std::size_t>& recv_counts);

  // The rest of the round: MPI_Alltoallv of items of `item_bytes` bytes, send_counts[d]
  // items from send + send_offsets[d] items to rank d, received consecutively by source at
  // `recv` (room for the sum of recv_counts). Counts and offsets are in items, so a round may
  // hold up to 2^31 - 1 items per rank, not bytes.
  void exchange_items(const void* send, std::span<const std::size_t> send_offsets,
                      std::span<const std::size_t> send_counts, void* recv,
                      std::span<const std::size_t> recv_counts, std::size_t item_bytes);

  // Copies `items` into packed_ grouped by destination rank; returns where each destination's
  // items start (ranks + 1 offsets, in items).
  template <class T, class Dest>
  std::vector<std::size_t> pack(std::span<const T> items, Dest dest);

  // Sends the items pack() left in packed_ (destination d's from start[d] to start[d + 1]),
  // appending the received ones to `out`.
  template <class T>
  void send_packed(std::span<const std::size_t> start, std::vector<T>& out);

  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
  std::size_t round_bytes_;
  std::uint64_t bytes_sent_ = 0;
  std::vector<std::uint32_t> destinations_;  // shuffle_into's scratch, reused between calls
  std::vector<std::byte> packed_;            // items grouped by destination, reused
};

template <class T, class Dest>
std::vector<T> Exchanger::shuffle(std::span<const T> items, Dest dest) {
  std::vector<T> out;
  shuffle_into(items, dest, out);
  release_scratch();
  return out;
}

template <class T, class Dest>
void Exchanger::shuffle_into(std::span<const T> items, Dest dest, std::vector<T>& out) {
  const std::vector<std::size_t> start = pack(items, dest);
  send_packed(start, out);
}

template <class T, class Dest>
std::vector<T> Exchanger::shuffle_consuming(std::vector<T>&& items, Dest dest) {
  const std::vector<std::size_t> start = pack(std::span<const T>(items), dest);
  release(items);
  release(destinations_);
  std::vector<T> out;
  send_packed(start, out);
  release_scratch();
  return out;
}

template <class T, class Dest>
std::vector<std::size_t> Exchanger::pack(std::span<const T> items, Dest dest) {
  static_assert(std::is_trivially_copyable_v<T>);
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  const auto ranks = static_cast<std::size_t>(size_);
  destinations_.resize(items.size());
  std::vector<std::size_t> start(ranks + 1, 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    destinations_[i] = static_cast<std::uint32_t>(dest(items[i]));
    ++start[destinations_[i] + 1];
  }
  for (std::size_t d = 0; d < ranks; ++d) start[d + 1] += start[d];
  // Items grouped by destination, sent from where they lie: no copy per round.
  packed_.resize(items.size() * sizeof(T));
  T* packed = reinterpret_cast<T*>(packed_.data());
  std::vector<std::size_t> cursor(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < items.size(); ++i) packed[cursor[destinations_[i]]++] = items[i];
  return start;
}

template <class T>
void Exchanger::send_packed(std::span<const std::size_t> start, std::vector<T>& out) {
  const auto ranks = static_cast<std::size_t>(size_);
  const T* packed = reinterpret_cast<const T*>(packed_.data());
  std::vector<std::uint64_t> bytes(ranks);
  for (std::size_t d = 0; d < ranks; ++d) bytes[d] = (start[d + 1] - start[d]) * sizeof(T);
  const std::size_t rounds = agree_rounds(bytes);
  std::vector<std::size_t> send_offsets(ranks), send_counts(ranks), recv_counts;
  for (std::size_t round = 0; round < rounds; ++round) {
    for (std::size_t d = 0; d < ranks; ++d) {
      const std::size_t count = start[d + 1] - start[d];
      const std::size_t per_round = (count + rounds - 1) / rounds;
      const std::size_t first = std::min(count, round * per_round);
      const std::size_t last = std::min(count, first + per_round);
      send_offsets[d] = start[d] + first;
      send_counts[d] = last - first;
    }
    const std::size_t incoming = exchange_counts(send_counts, recv_counts);
    const std::size_t old_size = out.size();
    out.resize(old_size + incoming);
    exchange_items(packed, send_offsets, send_counts, out.data() + old_size, recv_counts,
                   sizeof(T));
  }
}

}  // namespace neardup
