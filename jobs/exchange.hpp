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

namespace neardup {

/// Moves data between the ranks of a communicator and counts the bytes it moved.
class Exchanger {
 public:
  /// `round_bytes` bounds the bytes one rank sends, and about the bytes one rank receives, in
  /// one round of shuffle() (clamped to [1 MiB, 1 GiB]).
  Exchanger(MPI_Comm comm, std::size_t round_bytes);

  /// Collective: one MPI_Alltoallv. send_counts[d] bytes of `send`, consecutively by
  /// destination, go to rank d. Returns received bytes; recv_counts[s] came from rank s.
  std::vector<char> exchange_bytes(std::span<const char> send,
                                   std::span<const std::size_t> send_counts,
                                   std::vector<std::size_t>& recv_counts);

  /// Collective: per_destination[d] goes to rank d; returns what each source rank sent here.
  std::vector<std::string> exchange_blocks(const std::vector<std::string>& per_destination);

  /// Collective: sends each item to rank dest(item) and returns the items this rank received,
  /// in rounds bounded by round_bytes. Received order: by round, then source rank, then the
  /// order items had at their source.
  template <class T, class Dest>
  std::vector<T> shuffle(std::span<const T> items, Dest dest);

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

  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
  std::size_t round_bytes_;
  std::uint64_t bytes_sent_ = 0;
};

template <class T, class Dest>
std::vector<T> Exchanger::shuffle(std::span<const T> items, Dest dest) {
  static_assert(std::is_trivially_copyable_v<T>);
  const auto ranks = static_cast<std::size_t>(size_);
  std::vector<int> destinations(items.size());
  std::vector<std::size_t> start(ranks + 1, 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    destinations[i] = dest(items[i]);
    ++start[static_cast<std::size_t>(destinations[i]) + 1];
  }
  for (std::size_t d = 0; d < ranks; ++d) start[d + 1] += start[d];
  std::vector<T> packed(items.size());
  {
    std::vector<std::size_t> cursor(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < items.size(); ++i) {
      packed[cursor[static_cast<std::size_t>(destinations[i])]++] = items[i];
    }
  }
  destinations = {};
  std::vector<std::uint64_t> bytes(ranks);
  for (std::size_t d = 0; d < ranks; ++d) bytes[d] = (start[d + 1] - start[d]) * sizeof(T);
  const std::size_t rounds = agree_rounds(bytes);
  std::vector<T> received;
  std::vector<char> send;
  std::vector<std::size_t> send_counts(ranks), recv_counts;
  for (std::size_t round = 0; round < rounds; ++round) {
    send.clear();
    for (std::size_t d = 0; d < ranks; ++d) {
      const std::size_t count = start[d + 1] - start[d];
      const std::size_t per_round = (count + rounds - 1) / rounds;
      const std::size_t first = std::min(count, round * per_round);
      const std::size_t last = std::min(count, first + per_round);
      const char* from = reinterpret_cast<const char*>(packed.data() + start[d] + first);
      send.insert(send.end(), from, from + (last - first) * sizeof(T));
      send_counts[d] = (last - first) * sizeof(T);
    }
    const std::vector<char> got = exchange_bytes(send, send_counts, recv_counts);
    const std::size_t old_size = received.size();
    received.resize(old_size + got.size() / sizeof(T));
    if (!got.empty()) std::memcpy(received.data() + old_size, got.data(), got.size());
  }
  return received;
}

}  // namespace neardup
