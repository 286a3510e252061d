// The run lock of an output directory: a lock file hard-linked into place, a heartbeat, and
// the rules that tell a stale lock from a live one.
#include "io/write/run_lock.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include "io/io_error.hpp"
#include "io/write/output_names.hpp"

namespace neardup {
namespace {
namespace fs = std::filesystem;

// A break file older than this belongs to a taker that died mid-way.
constexpr std::chrono::seconds kBreakFileStale{60};
// Rounds of "take, or judge the holder and take over" before giving up.
constexpr int kAttempts = 5;

// Run ids of the locks this process holds: a lock naming this pid but none of them was left
// by an earlier run in this process (tests run many jobs in one process).
std::mutex g_held_mutex;
std::set<std::string> g_held;

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "unknown-host";
  return name;
}

std::string random_id() {
  std::random_device device;
  char text[33];
  std::snprintf(text, sizeof text, "%08x%08x%08x%08x", device(), device(), device(), device());
  return text;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

long env_long(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? 0 : std::atol(value);
}

// What /proc/PID/stat says of process `pid`: its state letter and its start time in clock ticks
// since boot; {'?', 0} when it cannot be read.
struct ProcessStat {
  char state = '?';
  long start = 0;
};

ProcessStat process_stat(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  ProcessStat result;
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return result;
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
    if (i == 3) result.state = field[0];
    if (i == 22) result.start = std::atol(field.c_str());
  }
  return result;
}

// True when process `pid` of this host has exited: gone, or a zombie not yet reaped (a rank
// killed with its mpirun is one for a while).
bool process_gone(long pid) {
  if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) return true;
  const char state = process_stat(pid).state;
  return state == 'Z' || state == 'X';
}

std::string holder_text(const LockHolder& h) {
  std::ostringstream out;
  out << "run_id=" << h.run_id << "\nhost=" << h.host << "\npid=" << h.pid
      << "\npid_start=" << h.pid_start << "\nslurm_job_id=" << h.slurm_job_id
      << "\nslurm_restarts=" << h.slurm_restarts << "\nstarted=" << h.started
      << "\ncommand=" << h.command << "\n";
  return out.str();
}

// The holder a lock file names; nullopt when the file is gone. Throws IoError when it is not a
// lock file neardup wrote.
std::optional<LockHolder> read_holder(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    if (errno == ENOENT) return std::nullopt;
    throw IoError(path + ": cannot read the run lock: " + std::strerror(errno));
  }
  LockHolder h;
  for (std::string line; std::getline(in, line);) {
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "run_id") h.run_id = value;
    if (key == "host") h.host = value;
    if (key == "pid") h.pid = std::atol(value.c_str());
    if (key == "pid_start") h.pid_start = std::atol(value.c_str());
    if (key == "slurm_job_id") h.slurm_job_id = value;
    if (key == "slurm_restarts") h.slurm_restarts = std::atol(value.c_str());
    if (key == "started") h.started = value;
    if (key == "command") h.command = value;
  }
  if (h.run_id.empty()) {
    throw IoError(path + ": not a neardup run lock (no run_id); remove it or pass --break-lock");
  }
  return h;
}

// Writes `text` to the file `temp` (created or truncated) and syncs it. Throws IoError naming
// it, leaving no file, on failure.
void write_synced(const std::string& temp, const std::string& text) {
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw IoError(temp + ": cannot create: " + std::strerror(errno));
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  const bool synced = ::fsync(fd) == 0;
  ::close(fd);
  if (!written || !synced) {
    ::unlink(temp.c_str());
    throw IoError(temp + ": cannot write the run lock");
  }
}

// Creates `path` holding `text` if it does not exist, atomically even on NFS: the text is
// written whole under a unique name, then hard-linked to `path`. False when `path` exists.
bool link_exclusive(const std::string& path, const std::string& text, const std::string& unique) {
  const std::string temp = path + "." + unique + ".tmp";
  write_synced(temp, text);
  const int linked = ::link(temp.c_str(), path.c_str());
  const int link_errno = errno;
  // NFS may report a failure for a link that was made (a lost reply): the count tells.
  struct stat info {};
  const bool made = linked == 0 || (::stat(temp.c_str(), &info) == 0 && info.st_nlink == 2);
  ::unlink(temp.c_str());
  if (!made && link_errno != EEXIST) {
    throw IoError(path + ": cannot create the run lock: " + std::strerror(link_errno));
  }
  return made;
}

// Replaces `path` by a file holding `text` in one step (rename), so that it never is absent
// for another run to take meanwhile.
void replace_file(const std::string& path, const std::string& text, const std::string& unique) {
  const std::string temp = path + "." + unique + ".tmp";
  write_synced(temp, text);
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    ::unlink(temp.c_str());
    throw IoError(path + ": cannot replace the stale run lock: " + std::strerror(errno));
  }
}

// How long ago `path` was last modified, by the file system's own clock (a probe file made
// now in the same directory), so that clocks of other hosts do not matter. nullopt when gone.
std::optional<std::chrono::seconds> age_of(const std::string& path, const std::string& unique) {
  struct stat lock {};
  if (::stat(path.c_str(), &lock) != 0) return std::nullopt;
  const std::string probe = path + "." + unique + ".probe";
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw IoError(probe + ": cannot create: " + std::strerror(errno));
  struct stat now {};
  const int stated = ::fstat(fd, &now);
  ::close(fd);
  ::unlink(probe.c_str());
  if (stated != 0) throw IoError(probe + ": cannot stat: " + std::strerror(errno));
  return std::chrono::seconds(now.st_mtim.tv_sec - lock.st_mtim.tv_sec);
}

// Why the lock `holder` wrote is stale, seen by `me`: "" when its run may be alive.
std::string stale_reason(const LockHolder& holder, std::chrono::seconds age, const LockHolder& me,
                         const RunLockPolicy& policy) {
  if (holder.host == me.host) {
    if (holder.pid == me.pid) {
      const std::lock_guard<std::mutex> guard(g_held_mutex);
      if (g_held.count(holder.run_id) == 0) return "left by an earlier run of this process";
      return "";
    }
    if (process_gone(holder.pid)) return "its process is gone";
    if (holder.pid_start != 0 && process_stat(holder.pid).start != holder.pid_start) {
      return "its pid now belongs to another process";
    }
    return "";
  }
  if (!me.slurm_job_id.empty() && holder.slurm_job_id == me.slurm_job_id &&
      holder.slurm_restarts < me.slurm_restarts) {
    return "an earlier incarnation of this Slurm job (requeued)";
  }
  if (age > policy.stale_after) {
    return "not touched for " + std::to_string(age.count()) + " s (its heartbeat stopped)";
  }
  return "";
}

}  // namespace

std::string LockHolder::describe() const {
  std::string text = "host " + host + ", pid " + std::to_string(pid);
  if (!slurm_job_id.empty()) text += ", Slurm job " + slurm_job_id;
  return text + ", " + command + " started " + started;
}

std::optional<LockHolder> RunLock::holder_of(const std::string& dir) {
  return read_holder(path_of(dir));
}

std::string RunLock::path_of(const std::string& dir) {
  return (fs::path(dir) / output_name(Output::kLock)).string();
}

RunLock::RunLock(const std::string& dir, const std::string& command, const RunLockPolicy& policy,
                 std::string& took_over)
    : path_(path_of(dir)), heartbeat_(policy.heartbeat) {
  me_.run_id = random_id();
  me_.host = host_name();
  me_.pid = static_cast<long>(::getpid());
  me_.pid_start = process_stat(me_.pid).start;
  if (const char* job = std::getenv("SLURM_JOB_ID")) me_.slurm_job_id = job;
  me_.slurm_restarts = env_long("SLURM_RESTART_COUNT");
  me_.started = utc_now();
  me_.command = command;
  took_over.clear();
  const std::string text = holder_text(me_);
  const std::string break_path = path_ + ".break";
  bool linked = false;
  for (int attempt = 0; attempt < kAttempts && !linked; ++attempt) {
    linked = link_exclusive(path_, text, me_.run_id);
    if (linked) break;
    const std::optional<LockHolder> holder = read_holder(path_);
    const std::optional<std::chrono::seconds> age = age_of(path_, me_.run_id);
    if (!holder || !age) continue;  // released meanwhile: try again
    const std::string reason =
        policy.break_lock ? "--break-lock" : stale_reason(*holder, *age, me_, policy);
    if (reason.empty()) {
      throw IoError(dir + ": in use by another neardup run (" + holder->describe() +
                    "; lock file " + path_ +
                    "). Wait for it to finish; if it is gone, a lock untouched for " +
                    std::to_string(policy.stale_after.count()) +
                    " s is taken over by the next run, or pass --break-lock");
    }
    // Takers of a stale lock go one at a time, through the break file.
    if (!link_exclusive(break_path, text, me_.run_id + "b")) {
      const std::optional<std::chrono::seconds> break_age = age_of(break_path, me_.run_id);
      if (break_age && *break_age > kBreakFileStale) ::unlink(break_path.c_str());
      continue;
    }
    const std::optional<LockHolder> still = read_holder(path_);
    if (still && still->run_id == holder->run_id) {
      replace_file(path_, text, me_.run_id);
      linked = true;
      took_over = "took over the run lock of " + holder->describe() + ": " + reason;
    }
    ::unlink(break_path.c_str());
  }
  if (!linked) {
    throw IoError(path_ + ": could not take the run lock: other runs keep taking it");
  }
  {
    const std::lock_guard<std::mutex> guard(g_held_mutex);
    g_held.insert(me_.run_id);
  }
  heart_ = std::thread([this] { beat(); });
}

RunLock::~RunLock() { release(); }

void RunLock::beat() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, heartbeat_, [this] { return stopping_; })) {
    ::utimensat(AT_FDCWD, path_.c_str(), nullptr, 0);
  }
}

bool RunLock::held() const {
  try {
    const std::optional<LockHolder> holder = read_holder(path_);
    return holder && holder->run_id == me_.run_id;
  } catch (const IoError&) {
    return false;
  }
}

void RunLock::release() {
  if (!heart_.joinable()) return;
  {
    const std::lock_guard<std::mutex> guard(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  heart_.join();
  if (held()) ::unlink(path_.c_str());
  const std::lock_guard<std::mutex> guard(g_held_mutex);
  g_held.erase(me_.run_id);
}

}  // namespace neardup
