// Stopping cleanly on Slurm pre-emption: SIGTERM and SIGUSR1 ask every rank to finish its
// current split, checkpoint and exit with kExitInterrupted; and test-only fault injection.
#include "jobs/mpi/interrupt.hpp"

#include <pthread.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "jobs/mpi/mpi_check.hpp"

namespace neardup {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_stop_signal(int) { g_stop.store(true); }

struct Fault {
  int rank = -1;
  std::string point;
  long at = 0;
  bool signal = false;  // ":usr1": send SIGUSR1 instead of SIGKILL
  bool stall = false;   // ":stall": wait until a stop signal arrives (at most two minutes)
  std::string pause;    // ":pause=FILE": create FILE, wait until it is removed, go on
  long reached = 0;
};

Fault parse_fault() {
  Fault fault;
  const char* spec = std::getenv("NEARDUP_FAULT");
  if (spec == nullptr) return fault;
  const std::string text(spec);
  const std::size_t a = text.find(':');
  const std::size_t b = a == std::string::npos ? a : text.find(':', a + 1);
  if (b == std::string::npos) return fault;
  fault.rank = std::atoi(text.substr(0, a).c_str());
  fault.point = text.substr(a + 1, b - a - 1);
  fault.at = std::atol(text.substr(b + 1).c_str());
  fault.signal = text.find(":usr1") != std::string::npos;
  fault.stall = text.find(":stall") != std::string::npos;
  const std::size_t pause = text.find(":pause=");
  if (pause != std::string::npos) fault.pause = text.substr(pause + 7);
  return fault;
}

}  // namespace

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGUSR1, &action, nullptr);
  // A launcher that blocked them (a wrapper shielding mpirun) must not make them pend forever.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGUSR1);
  pthread_sigmask(SIG_UNBLOCK, &stop_signals, nullptr);
}

const std::atomic<bool>& stop_requested() { return g_stop; }

void stop_if_requested(MPI_Comm comm, bool stopped_here) {
  if (any_rank(comm, stopped_here || g_stop.load())) {
    throw JobInterrupted("stopped by a signal");
  }
}

void fault_point(const char* point) {
  static Fault fault = parse_fault();
  if (fault.rank < 0 || fault.point != point) return;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != fault.rank || ++fault.reached != fault.at) return;
  if (const char* once = std::getenv("NEARDUP_FAULT_ONCE")) {
    if (::access(once, F_OK) == 0) return;
    std::fclose(std::fopen(once, "w"));
  }
  if (!fault.pause.empty()) {
    std::fclose(std::fopen(fault.pause.c_str(), "w"));
    for (int waited = 0; waited < 12000 && ::access(fault.pause.c_str(), F_OK) == 0; ++waited) {
      ::usleep(10000);
    }
    return;
  }
  if (fault.stall) {
    for (int waited = 0; waited < 12000 && !g_stop.load(); ++waited) ::usleep(10000);
    if (g_stop.load()) return;
  }
  std::raise(fault.signal ? SIGUSR1 : SIGKILL);
}

}  // namespace neardup
