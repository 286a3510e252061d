// The MPI profiling layer: the job's data-moving MPI calls are defined here over PMPI_*, so
// each adds what it moves to this rank's traffic counters before MPI runs it. A call missing
// here would go uncounted; tests/layering/uncounted_mpi_calls_test.sh fails when jobs/ uses one.
#include "jobs/mpi/traffic.hpp"

#include <mpi.h>

#include <chrono>

namespace neardup {
namespace {

// The process's counters. MPI is started with MPI_Init (MPI_THREAD_SINGLE): one thread calls it.
Traffic counted;

// Adds the wall time from its construction to its destruction to the process's time in MPI.
class InMpi {
 public:
  InMpi() : start_(std::chrono::steady_clock::now()) {}
  ~InMpi() {
    counted.mpi_nanoseconds +=
        static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                       std::chrono::steady_clock::now() - start_)
                                       .count());
  }
  InMpi(const InMpi&) = delete;
  InMpi& operator=(const InMpi&) = delete;

 private:
  std::chrono::steady_clock::time_point start_;
};

int rank_in(MPI_Comm comm) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}

int size_of(MPI_Comm comm) {
  int size = 1;
  PMPI_Comm_size(comm, &size);
  return size;
}

std::uint64_t bytes_of(int count, MPI_Datatype type) {
  int size = 0;
  PMPI_Type_size(type, &size);
  return static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(size);
}

// `messages` messages of `bytes` each go to other ranks (none when the block is empty).
void send(std::uint64_t bytes, int messages = 1) {
  if (bytes == 0 || messages <= 0) return;
  counted.bytes_sent += bytes * static_cast<std::uint64_t>(messages);
  counted.messages_sent += static_cast<std::uint64_t>(messages);
}

// `messages` messages of `bytes` each arrive from other ranks (none when the block is empty).
void receive(std::uint64_t bytes, int messages = 1) {
  if (bytes == 0 || messages <= 0) return;
  counted.bytes_received += bytes * static_cast<std::uint64_t>(messages);
  counted.messages_received += static_cast<std::uint64_t>(messages);
}

// Every rank sends a block to every other rank (sends of `send_bytes`, receives of `recv_bytes`).
void count_all_to_all(std::uint64_t send_bytes, std::uint64_t recv_bytes, MPI_Comm comm) {
  ++counted.collectives;
  send(send_bytes, size_of(comm) - 1);
  receive(recv_bytes, size_of(comm) - 1);
}

void count_alltoallv(const int send_counts[], MPI_Datatype send_type, const int recv_counts[],
                     MPI_Datatype recv_type, MPI_Comm comm) {
  ++counted.collectives;
  const int rank = rank_in(comm);
  for (int other = 0; other < size_of(comm); ++other) {
    if (other == rank) continue;
    send(bytes_of(send_counts[other], send_type));
    receive(bytes_of(recv_counts[other], recv_type));
  }
}

// The root's block goes to every other rank.
void count_bcast(std::uint64_t bytes, int root, MPI_Comm comm) {
  ++counted.collectives;
  if (rank_in(comm) == root) {
    send(bytes, size_of(comm) - 1);
  } else {
    receive(bytes);
  }
}

// Every other rank's block goes to the root.
void count_reduce(std::uint64_t bytes, int root, MPI_Comm comm) {
  ++counted.collectives;
  if (rank_in(comm) == root) {
    receive(bytes, size_of(comm) - 1);
  } else {
    send(bytes);
  }
}

// Each rank's contribution leaves it once and the result arrives once.
void count_allreduce(std::uint64_t bytes, MPI_Comm comm) {
  ++counted.collectives;
  if (size_of(comm) == 1) return;
  send(bytes);
  receive(bytes);
}

}  // namespace

Traffic traffic_so_far() { return counted; }

}  // namespace neardup

// The profiled entry points (the MPI standard's profiling interface: MPI_X calls PMPI_X).
extern "C" {

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const std::uint64_t recv_bytes = neardup::bytes_of(recvcount, recvtype);
  neardup::count_all_to_all(
      sendbuf == MPI_IN_PLACE ? recv_bytes : neardup::bytes_of(sendcount, sendtype), recv_bytes,
      comm);
  const neardup::InMpi timed;
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm) {
  if (sendbuf == MPI_IN_PLACE) {
    neardup::count_alltoallv(recvcounts, recvtype, recvcounts, recvtype, comm);
  } else {
    neardup::count_alltoallv(sendcounts, sendtype, recvcounts, recvtype, comm);
  }
  const neardup::InMpi timed;
  return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                        recvtype, comm);
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const std::uint64_t recv_bytes = neardup::bytes_of(recvcount, recvtype);
  neardup::count_all_to_all(
      sendbuf == MPI_IN_PLACE ? recv_bytes : neardup::bytes_of(sendcount, sendtype), recv_bytes,
      comm);
  const neardup::InMpi timed;
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm) {
  const int rank = neardup::rank_in(comm);
  const std::uint64_t own = sendbuf == MPI_IN_PLACE ? neardup::bytes_of(recvcounts[rank], recvtype)
                                                    : neardup::bytes_of(sendcount, sendtype);
  ++neardup::counted.collectives;
  neardup::send(own, neardup::size_of(comm) - 1);
  for (int other = 0; other < neardup::size_of(comm); ++other) {
    if (other != rank) neardup::receive(neardup::bytes_of(recvcounts[other], recvtype));
  }
  const neardup::InMpi timed;
  return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm) {
  const int rank = neardup::rank_in(comm);
  ++neardup::counted.collectives;
  if (rank != root) {
    neardup::send(neardup::bytes_of(sendcount, sendtype));
  } else {
    for (int other = 0; other < neardup::size_of(comm); ++other) {
      if (other != rank) neardup::receive(neardup::bytes_of(recvcounts[other], recvtype));
    }
  }
  const neardup::InMpi timed;
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                      comm);
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  ++neardup::counted.collectives;
  if (neardup::rank_in(comm) != root) {
    neardup::receive(neardup::bytes_of(recvcount, recvtype));
  } else {
    neardup::send(neardup::bytes_of(sendcount, sendtype), neardup::size_of(comm) - 1);
  }
  const neardup::InMpi timed;
  return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm) {
  const int rank = neardup::rank_in(comm);
  ++neardup::counted.collectives;
  if (rank != root) {
    neardup::receive(neardup::bytes_of(recvcount, recvtype));
  } else {
    for (int other = 0; other < neardup::size_of(comm); ++other) {
      if (other != rank) neardup::send(neardup::bytes_of(sendcounts[other], sendtype));
    }
  }
  const neardup::InMpi timed;
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                       comm);
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm) {
  neardup::count_allreduce(neardup::bytes_of(count, datatype), comm);
  const neardup::InMpi timed;
  return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               int root, MPI_Comm comm) {
  neardup::count_reduce(neardup::bytes_of(count, datatype), root, comm);
  const neardup::InMpi timed;
  return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  neardup::count_bcast(neardup::bytes_of(count, datatype), root, comm);
  const neardup::InMpi timed;
  return PMPI_Bcast(buffer, count, datatype, root, comm);
}

int MPI_Barrier(MPI_Comm comm) {
  ++neardup::counted.collectives;
  const neardup::InMpi timed;
  return PMPI_Barrier(comm);
}

int MPI_Isend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request* request) {
  if (dest != neardup::rank_in(comm)) neardup::send(neardup::bytes_of(count, datatype));
  const neardup::InMpi timed;
  return PMPI_Isend(buf, count, datatype, dest, tag, comm, request);
}

int MPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status* status) {
  MPI_Status mine;
  MPI_Status* arrived = status == MPI_STATUS_IGNORE ? &mine : status;
  int result = MPI_SUCCESS;
  {
    const neardup::InMpi timed;
    result = PMPI_Recv(buf, count, datatype, source, tag, comm, arrived);
  }
  if (result == MPI_SUCCESS && arrived->MPI_SOURCE != neardup::rank_in(comm)) {
    int bytes = 0;
    PMPI_Get_count(arrived, MPI_BYTE, &bytes);
    if (bytes > 0) neardup::receive(static_cast<std::uint64_t>(bytes));
  }
  return result;
}

}  // extern "C"
