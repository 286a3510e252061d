// Stopping cleanly on Slurm pre-emption: SIGTERM and SIGUSR1 ask every rank to finish its
// current split, checkpoint and exit with kExitInterrupted; and test-only fault injection.
#pragma once

#include <mpi.h>

#include <atomic>
#include <stdexcept>

namespace neardup {

/// The exit code of a run stopped by SIGTERM or SIGUSR1 after checkpointing (EX_TEMPFAIL):
/// continue it with --resume.
inline constexpr int kExitInterrupted = 75;

/// Thrown on every rank when the run stops because a rank was asked to.
class JobInterrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Makes SIGTERM and SIGUSR1 set the stop flag instead of ending the process, and unblocks
/// them in case the launcher started the process with them blocked.
void install_stop_handlers();

/// The stop flag: set by a handled signal.
const std::atomic<bool>& stop_requested();

/// Collective: throws JobInterrupted on every rank when any rank's stop flag is set or
/// `stopped_here` is true on any rank.
void stop_if_requested(MPI_Comm comm, bool stopped_here = false);

/// Test-only fault injection at named points ("split": after each sketched split; "exchange":
/// each exchange round; "pairs_saved": after the verified pairs are checkpointed; "write":
/// before a dedup job writes its outputs).
/// NEARDUP_FAULT=RANK:POINT:N[:usr1|:stall|:pause=FILE] makes rank RANK kill itself with SIGKILL
/// the N-th time it reaches POINT, or send itself SIGUSR1, or wait there until a stop signal
/// arrives from outside (SIGKILL after two minutes), or create FILE and wait there until FILE is
/// removed (then go on: a test changes an input meanwhile). With NEARDUP_FAULT_ONCE=FILE the fault
/// fires only while FILE does not exist, and creates it (so a requeued run that inherits the
/// environment goes on). No effect when NEARDUP_FAULT is unset.
void fault_point(const char* point);

}  // namespace neardup
