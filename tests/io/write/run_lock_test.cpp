// RunLock: one holder at a time, a live holder named in the refusal, stale locks (dead pid,
// silent heartbeat, a requeued Slurm job's earlier incarnation) taken over by exactly one of
// many racing takers, --break-lock, and the heartbeat that keeps a held lock fresh.
#include "io/write/run_lock.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "io/io_error.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

std::string this_host() {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

// A fresh directory for one test.
std::string fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("neardup_lock_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

// Writes a lock file as another run would have: host, pid, Slurm job and restarts.
void write_lock(const std::string& dir, const std::string& host, long pid,
                const std::string& slurm_job = "", long restarts = 0) {
  std::ofstream(RunLock::path_of(dir))
      << "run_id=feedfacefeedface\nhost=" << host << "\npid=" << pid
      << "\npid_start=0\nslurm_job_id=" << slurm_job << "\nslurm_restarts=" << restarts
      << "\nstarted=2026-01-01T00:00:00Z\ncommand=minhash\n";
}

// Sets the lock file's modification time `seconds` into the past.
void age_lock(const std::string& dir, long seconds) {
  struct stat info {};
  ASSERT_EQ(::stat(RunLock::path_of(dir).c_str(), &info), 0);
  const timespec times[2] = {info.st_atim, {info.st_mtim.tv_sec - seconds, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, RunLock::path_of(dir).c_str(), times, 0), 0);
}

// The pid of a process that has exited (and been reaped).
long dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

// The refusal's message, "" when the lock was taken.
std::string refusal(const std::string& dir, const RunLockPolicy& policy = {}) {
  try {
    std::string took_over;
    RunLock lock(dir, "minhash", policy, took_over);
    return "";
  } catch (const IoError& e) {
    return e.what();
  }
}

TEST(RunLock, SecondHolderIsRefusedNamingTheFirst) {
  const std::string dir = fresh_dir("second");
  std::string took_over;
  RunLock first(dir, "minhash", {}, took_over);
  EXPECT_EQ(took_over, "");
  EXPECT_TRUE(first.held());
  const std::string message = refusal(dir);
  EXPECT_NE(message.find("in use by another neardup run"), std::string::npos) << message;
  EXPECT_NE(message.find("host " + this_host()), std::string::npos) << message;
  EXPECT_NE(message.find("pid " + std::to_string(::getpid())), std::string::npos) << message;
  EXPECT_NE(message.find("--break-lock"), std::string::npos) << message;
  EXPECT_TRUE(first.held());
}

TEST(RunLock, ReleaseRemovesTheLockAndLetsTheNextRunIn) {
  const std::string dir = fresh_dir("release");
  {
    std::string took_over;
    RunLock first(dir, "minhash", {}, took_over);
    EXPECT_TRUE(fs::exists(RunLock::path_of(dir)));
  }
  EXPECT_FALSE(fs::exists(RunLock::path_of(dir)));
  EXPECT_EQ(refusal(dir), "");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 0)
      << "temporary or probe files left behind";
}

TEST(RunLock, LiveHolderOnAnotherHostIsRefusedUntilBroken) {
  const std::string dir = fresh_dir("other_host");
  write_lock(dir, "node-elsewhere", 4242, "777");
  const std::string message = refusal(dir);
  EXPECT_NE(message.find("host node-elsewhere, pid 4242, Slurm job 777, minhash started "
                         "2026-01-01T00:00:00Z"),
            std::string::npos)
      << message;
  RunLockPolicy breaking;
  breaking.break_lock = true;
  std::string took_over;
  RunLock lock(dir, "minhash", breaking, took_over);
  EXPECT_NE(took_over.find("node-elsewhere"), std::string::npos) << took_over;
  EXPECT_NE(took_over.find("--break-lock"), std::string::npos) << took_over;
  EXPECT_TRUE(lock.held());
}

TEST(RunLock, DeadHolderOnThisHostIsTakenOver) {
  const std::string dir = fresh_dir("dead");
  write_lock(dir, this_host(), dead_pid());
  std::string took_over;
  RunLock lock(dir, "minhash", {}, took_over);
  EXPECT_NE(took_over.find("its process is gone"), std::string::npos) << took_over;
  EXPECT_TRUE(lock.held());
}

// A rank killed with its mpirun stays a zombie until reaped: it is dead.
TEST(RunLock, ZombieHolderOnThisHostIsTakenOver) {
  const std::string dir = fresh_dir("zombie");
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  const auto state = [child] {
    std::ifstream in("/proc/" + std::to_string(child) + "/stat");
    std::string stat;
    std::getline(in, stat);
    return stat.substr(stat.rfind(')') + 2, 1);
  };
  for (int i = 0; i < 3000 && state() != "Z"; ++i) {  // until it has exited, unreaped
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(state(), "Z");
  write_lock(dir, this_host(), child);
  std::string took_over;
  {
    RunLock lock(dir, "minhash", {}, took_over);
    EXPECT_NE(took_over.find("its process is gone"), std::string::npos) << took_over;
  }
  ::waitpid(child, nullptr, 0);
}

TEST(RunLock, SilentHolderElsewhereIsStaleAfterTheTimeout) {
  const std::string dir = fresh_dir("silent");
  write_lock(dir, "node-elsewhere", 4242);
  age_lock(dir, 250);
  EXPECT_NE(refusal(dir), "") << "untouched for 250 s of 300 s is not yet stale";
  age_lock(dir, 100);
  std::string took_over;
  RunLock lock(dir, "minhash", {}, took_over);
  EXPECT_NE(took_over.find("not touched for"), std::string::npos) << took_over;
}

TEST(RunLock, EarlierIncarnationOfThisSlurmJobIsTakenOver) {
  const std::string dir = fresh_dir("requeue");
  write_lock(dir, "node-elsewhere", 4242, "555", 0);
  ::setenv("SLURM_JOB_ID", "555", 1);
  ::setenv("SLURM_RESTART_COUNT", "0", 1);
  EXPECT_NE(refusal(dir), "") << "the same incarnation on another node is another step";
  ::setenv("SLURM_RESTART_COUNT", "1", 1);
  std::string took_over;
  {
    RunLock lock(dir, "minhash", {}, took_over);
    EXPECT_NE(took_over.find("requeued"), std::string::npos) << took_over;
    EXPECT_NE(lock.holder().describe().find("Slurm job 555"), std::string::npos);
  }
  ::unsetenv("SLURM_JOB_ID");
  ::unsetenv("SLURM_RESTART_COUNT");
}

TEST(RunLock, ABrokenLockIsNoLongerHeldAndNotRemovedByItsFormerHolder) {
  const std::string dir = fresh_dir("broken");
  std::string took_over;
  std::optional<RunLock> first;
  first.emplace(dir, "minhash", RunLockPolicy{}, took_over);
  RunLockPolicy breaking;
  breaking.break_lock = true;
  RunLock second(dir, "minhash", breaking, took_over);
  EXPECT_FALSE(first->held());
  EXPECT_TRUE(second.held());
  first.reset();
  EXPECT_TRUE(second.held()) << "the former holder removed the new holder's lock";
}

TEST(RunLock, ForeignFileIsNotTakenForALock) {
  const std::string dir = fresh_dir("foreign");
  std::ofstream(RunLock::path_of(dir)) << "something else\n";
  EXPECT_NE(refusal(dir).find("not a neardup run lock"), std::string::npos);
}

TEST(RunLock, HeartbeatKeepsTheLockFresh) {
  const std::string dir = fresh_dir("heartbeat");
  RunLockPolicy policy;
  policy.heartbeat = std::chrono::seconds(1);
  std::string took_over;
  RunLock lock(dir, "minhash", policy, took_over);
  age_lock(dir, 3600);
  const auto mtime = [&] { return fs::last_write_time(RunLock::path_of(dir)); };
  const auto aged = mtime();
  // Waits for a change, not for a duration: a loaded machine only makes the loop longer.
  for (int i = 0; i < 600 && mtime() == aged; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_GT(mtime(), aged + std::chrono::seconds(3000));
}

// Many processes race for one stale lock: exactly one takes it, the others are refused naming
// it. The children start together; each reports, then holds what it got until every child has
// reported.
TEST(RunLock, ExactlyOneOfManyRacingTakersGetsAStaleLock) {
  const std::string dir = fresh_dir("race");
  for (int round = 0; round < 20; ++round) {
    write_lock(dir, this_host(), dead_pid());
    int go[2], results[2], hold[2];
    ASSERT_EQ(::pipe(go), 0);
    ASSERT_EQ(::pipe(results), 0);
    ASSERT_EQ(::pipe(hold), 0);
    constexpr int kTakers = 8;
    for (int t = 0; t < kTakers; ++t) {
      if (::fork() != 0) continue;
      ::close(go[1]);
      ::close(results[0]);
      ::close(hold[1]);
      char start;
      if (::read(go[0], &start, 1) < 0) ::_exit(2);  // all start together, at the parent's EOF
      char got = 'n';
      std::optional<RunLock> lock;
      try {
        std::string took_over;
        lock.emplace(dir, "minhash", RunLockPolicy{}, took_over);
        got = 'y';
      } catch (const IoError&) {
      }
      if (::write(results[1], &got, 1) != 1) ::_exit(2);
      char wait;
      if (::read(hold[0], &wait, 1) < 0) ::_exit(2);
      lock.reset();
      ::_exit(0);
    }
    ::close(go[0]);
    ::close(go[1]);
    ::close(results[1]);
    ::close(hold[0]);
    int taken = 0;
    for (int t = 0; t < kTakers; ++t) {
      char got = 0;
      ASSERT_EQ(::read(results[0], &got, 1), 1);
      taken += got == 'y';
    }
    ::close(hold[1]);
    for (int t = 0; t < kTakers; ++t) ::wait(nullptr);
    ::close(results[0]);
    EXPECT_EQ(taken, 1) << "round " << round;
    EXPECT_FALSE(fs::exists(RunLock::path_of(dir) + ".break")) << "round " << round;
  }
}

}  // namespace
}  // namespace neardup
