// What this rank has moved through MPI: bytes, messages, collective calls and the time inside
// them, counted by the MPI profiling layer in traffic.cpp, which every MPI call of the job goes
// through.
#pragma once

#include <cstdint>

namespace neardup {

/// This rank's MPI traffic since it started (or between two snapshots, after subtraction).
/// Bytes and messages are to and from other ranks (self-sends excluded), as each call's logical
/// pattern: alltoall(v), allgather, bcast, reduce and point-to-point calls count one message
/// per nonzero block between two ranks; an allreduce counts one message of its buffer sent and
/// one received per rank; a barrier counts none. docs/outputs.md (Communication) says why.
struct Traffic {
  std::uint64_t bytes_sent = 0;
  std::uint64_t bytes_received = 0;
  std::uint64_t messages_sent = 0;
  std::uint64_t messages_received = 0;
  std::uint64_t collectives = 0;  // collective calls (alltoall(v), allreduce, bcast, barrier...)
  /// Wall time inside the counted MPI calls: moving bytes, and waiting for the other ranks to
  /// reach a collective (a stage's imbalance shows as the others' time here).
  std::uint64_t mpi_nanoseconds = 0;

  /// The traffic between snapshot `earlier` and this one.
  Traffic operator-(const Traffic& earlier) const {
    return {bytes_sent - earlier.bytes_sent,       bytes_received - earlier.bytes_received,
            messages_sent - earlier.messages_sent, messages_received - earlier.messages_received,
            collectives - earlier.collectives,     mpi_nanoseconds - earlier.mpi_nanoseconds};
  }
  friend bool operator==(const Traffic&, const Traffic&) = default;
};

/// This rank's traffic so far: every counted MPI call the process made.
Traffic traffic_so_far();

}  // namespace neardup
