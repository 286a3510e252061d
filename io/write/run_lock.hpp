// The run lock of an output directory: one run at a time, safe on NFS, Lustre and GPFS (a lock
// file made by link(2), kept fresh by a heartbeat), with stale locks of dead runs taken over.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace neardup {

/// Who holds a run lock, as its lock file says.
struct LockHolder {
  std::string run_id;        // random, unique to one run
  std::string host;          // gethostname()
  long pid = 0;              // the holding process (rank 0 of its job)
  long pid_start = 0;        // that process's start time (/proc/PID/stat), against pid reuse
  std::string slurm_job_id;  // SLURM_JOB_ID, "" outside Slurm
  long slurm_restarts = 0;   // SLURM_RESTART_COUNT: a requeued job's incarnation
  std::string started;       // UTC, ISO 8601
  std::string command;       // what runs: "minhash", "index build", ...

  /// "host H, pid P, Slurm job J, started T" for messages.
  std::string describe() const;
};

/// How a lock is taken and kept.
struct RunLockPolicy {
  /// --break-lock: take the lock even from a run that looks alive (the operator knows better).
  bool break_lock = false;
  /// How often the holder touches its lock file.
  std::chrono::seconds heartbeat{30};
  /// A lock untouched this long is stale: its holder died on a host we cannot see into.
  std::chrono::seconds stale_after{300};
};

/// The run lock of a directory, held from construction until release() or destruction.
///
/// The lock is DIR/_LOCK, written whole under a unique name and hard-linked into place (link
/// is atomic on every POSIX file system, NFS included, where O_EXCL and flock are not to be
/// trusted everywhere). While held, a thread touches it every `heartbeat`. A lock is stale,
/// and taken over with a log line naming it, when its holder is on this host and dead (or its
/// pid now belongs to another process), when it is an earlier incarnation of this Slurm job
/// (a requeue), or when it was not touched for `stale_after` by the file system's clock.
/// Takers of a stale lock are serialized by DIR/_LOCK.break, so two never both take it.
class RunLock {
 public:
  /// Takes the lock of `dir` (which must exist) for `command`. Throws IoError naming the
  /// holder (host, pid, Slurm job, start time) and the remedies when a live run holds it.
  /// `took_over` receives a description of a stale lock taken over, "" when there was none.
  RunLock(const std::string& dir, const std::string& command, const RunLockPolicy& policy,
          std::string& took_over);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

  /// True while DIR/_LOCK is still this run's (an operator's --break-lock elsewhere takes it).
  bool held() const;

  /// Removes the lock file if it is still this run's and stops the heartbeat.
  void release();

  /// The holder this lock wrote.
  const LockHolder& holder() const { return me_; }

  /// Who holds the lock of `dir` now, as DIR/_LOCK says; nullopt when nobody does. Throws
  /// IoError when the lock file cannot be read.
  static std::optional<LockHolder> holder_of(const std::string& dir);

  /// The lock file of `dir`: DIR/_LOCK.
  static std::string path_of(const std::string& dir);

 private:
  void beat();

  std::string path_;
  LockHolder me_;
  std::chrono::seconds heartbeat_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread heart_;
};

}  // namespace neardup
