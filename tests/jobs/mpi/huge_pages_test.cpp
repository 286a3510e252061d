// Huge-page malloc: the GLIBC_TUNABLES a restart sets, and a restart seen from the new process.
#include "jobs/mpi/huge_pages.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace neardup {
namespace {

// Set to a file's path only in the process restart_with_huge_page_malloc starts below.
constexpr const char* kProbeFile = "NEARDUP_HUGE_PAGES_PROBE";

TEST(TunablesWithHugePages, AskedForWhenUnsetOrEmpty) {
  EXPECT_EQ(tunables_with_huge_pages(nullptr), "glibc.malloc.hugetlb=1");
  EXPECT_EQ(tunables_with_huge_pages(""), "glibc.malloc.hugetlb=1");
}

TEST(TunablesWithHugePages, AddedAfterTheUsersOtherSettings) {
  EXPECT_EQ(tunables_with_huge_pages("glibc.malloc.check=3"),
            "glibc.malloc.check=3:glibc.malloc.hugetlb=1");
}

TEST(TunablesWithHugePages, TheUsersOwnChoiceIsKept) {
  EXPECT_EQ(tunables_with_huge_pages("glibc.malloc.hugetlb=0"), std::nullopt);
  EXPECT_EQ(tunables_with_huge_pages("glibc.malloc.check=3:glibc.malloc.hugetlb=2"), std::nullopt);
}

// Run only as the restarted process: writes the GLIBC_TUNABLES it was started with.
TEST(HugePageMallocRestart, Probe) {
  const char* probe = std::getenv(kProbeFile);
  if (probe == nullptr) GTEST_SKIP() << "run by RestartsThisProgramWithTheSetting";
  const char* tunables = std::getenv(kGlibcTunables);
  std::ofstream(probe) << (tunables != nullptr ? tunables : "(unset)");
}

TEST(HugePageMallocRestart, RestartsThisProgramWithTheSetting) {
  const std::string probe = ::testing::TempDir() + "huge_pages_probe_" + std::to_string(getpid());
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::setenv(kProbeFile, probe.c_str(), 1);
    ::setenv(kGlibcTunables, "glibc.malloc.check=0", 1);
    std::string self = "huge_pages_test", filter = "--gtest_filter=HugePageMallocRestart.Probe";
    char* argv[] = {self.data(), filter.data(), nullptr};
    restart_with_huge_page_malloc(argv);
    _exit(99);  // the restart failed
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  std::ifstream in(probe);
  const std::string seen((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(seen, "glibc.malloc.check=0:glibc.malloc.hugetlb=1");
  std::remove(probe.c_str());
}

}  // namespace
}  // namespace neardup
