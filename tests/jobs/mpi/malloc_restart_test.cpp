// Huge-page malloc: when the program restarts and with which GLIBC_TUNABLES, and a restart
// seen from the restarted process (the setting in force, no second restart).
#include "jobs/mpi/malloc_restart.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace neardup {
namespace {

// Set to a file's path only in the process the restart test starts.
constexpr const char* kProbeFile = "NEARDUP_MALLOC_RESTART_PROBE";

// Facts under which a restart works and helps.
RestartFacts restartable() {
  RestartFacts facts;
  facts.glibc_has_hugetlb = true;
  facts.thp_mode = "madvise";
  facts.exe_is_this_program = true;
  return facts;
}

TEST(RestartTunables, HugePagesAddedWhenUnsetOrEmpty) {
  RestartFacts facts = restartable();
  EXPECT_EQ(restart_tunables(facts), "glibc.malloc.hugetlb=1");
  facts.tunables = "";
  EXPECT_EQ(restart_tunables(facts), "glibc.malloc.hugetlb=1");
}

TEST(RestartTunables, AddedAfterTheUsersOtherSettings) {
  RestartFacts facts = restartable();
  facts.tunables = "glibc.malloc.check=3";
  EXPECT_EQ(restart_tunables(facts), "glibc.malloc.check=3:glibc.malloc.hugetlb=1");
}

TEST(RestartTunables, TheUsersOwnChoiceIsKept) {
  RestartFacts facts = restartable();
  facts.tunables = "glibc.malloc.hugetlb=0";
  EXPECT_EQ(restart_tunables(facts), std::nullopt);
  facts.tunables = "glibc.malloc.check=3:glibc.malloc.hugetlb=2";
  EXPECT_EQ(restart_tunables(facts), std::nullopt);
}

TEST(RestartTunables, NoRestartWhereItCannotWorkOrHelp) {
  const auto without = [](auto change) {
    RestartFacts facts = restartable();
    change(facts);
    return restart_tunables(facts);
  };
  EXPECT_EQ(without([](RestartFacts& f) { f.secure = true; }), std::nullopt);
  EXPECT_EQ(without([](RestartFacts& f) { f.restarted = true; }), std::nullopt);
  EXPECT_EQ(without([](RestartFacts& f) { f.glibc_has_hugetlb = false; }), std::nullopt);
  EXPECT_EQ(without([](RestartFacts& f) { f.exe_is_this_program = false; }), std::nullopt);
  for (const char* mode : {"always", "never", ""}) {
    EXPECT_EQ(without([&](RestartFacts& f) { f.thp_mode = mode; }), std::nullopt) << mode;
  }
}

TEST(RestartFacts, ThisTestIsItsOwnProgramAndNotSecure) {
  const RestartFacts facts = current_restart_facts();
  EXPECT_TRUE(facts.exe_is_this_program);
  EXPECT_FALSE(facts.secure);
}

// Whether a block of `bytes` from malloc lies in a mapping advised huge pages ("hg").
bool malloc_advises_huge_pages(std::size_t bytes) {
  void* block = std::malloc(bytes);
  const auto at = reinterpret_cast<unsigned long>(block);
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false, advised = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long start = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &start, &end) == 2 && line.find(':') != 5) {
      inside = at >= start && at < end;
    } else if (inside && line.starts_with("VmFlags:")) {
      advised = line.find(" hg") != std::string::npos;
    }
  }
  std::free(block);
  return advised;
}

// Run only as the restarted process: writes the GLIBC_TUNABLES it was started with, whether
// a second restart returned, and whether malloc advises huge pages.
TEST(MallocRestart, Probe) {
  const char* probe = std::getenv(kProbeFile);
  if (probe == nullptr) GTEST_SKIP() << "run by RestartsOnceWithTheSettingInForce";
  const char* tunables = std::getenv(kGlibcTunables);
  std::string self = "malloc_restart_test";
  char* argv[] = {self.data(), nullptr};
  restart_with_huge_page_malloc(argv);  // the restarted process: returns at once
  std::ofstream(probe) << (tunables != nullptr ? tunables : "(unset)") << "\nreturned\n"
                       << (malloc_advises_huge_pages(8 << 20) ? "huge" : "small") << "\n";
}

TEST(MallocRestart, RestartsOnceWithTheSettingInForce) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "ASan's allocator replaces glibc's malloc: no restart";
#endif
  RestartFacts facts = current_restart_facts();
  facts.restarted = false;
  facts.tunables = "glibc.malloc.check=0";
  const bool restarts = restart_tunables(facts).has_value();
  const std::string probe =
      ::testing::TempDir() + "malloc_restart_probe_" + std::to_string(getpid());
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::unsetenv(kMallocRestarted);
    ::setenv(kProbeFile, probe.c_str(), 1);
    ::setenv(kGlibcTunables, "glibc.malloc.check=0", 1);
    std::string self = "malloc_restart_test", filter = "--gtest_filter=MallocRestart.Probe";
    char* argv[] = {self.data(), filter.data(), nullptr};
    restart_with_huge_page_malloc(argv);
    _exit(99);  // not restarted
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  if (!restarts) {
    EXPECT_EQ(WEXITSTATUS(status), 99) << "restarted where restart_tunables says not to";
    GTEST_SKIP() << "this machine's THP mode is '" << facts.thp_mode << "': no restart";
  }
  EXPECT_EQ(WEXITSTATUS(status), 0);
  std::ifstream in(probe);
  std::stringstream seen;
  seen << in.rdbuf();
  EXPECT_EQ(seen.str(), "glibc.malloc.check=0:glibc.malloc.hugetlb=1\nreturned\nhuge\n");
  std::remove(probe.c_str());
}

}  // namespace
}  // namespace neardup
