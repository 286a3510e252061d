// Huge-page malloc: the facts of this process, the decision, and the restart.
#include "jobs/mpi/malloc_restart.hpp"

#include <gnu/libc-version.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string_view>

namespace neardup {
namespace {

constexpr std::string_view kHugeMalloc = "glibc.malloc.hugetlb";

// Whether the running glibc is 2.35 or later.
bool glibc_has_hugetlb() {
  int major = 0, minor = 0;
  if (std::sscanf(gnu_get_libc_version(), "%d.%d", &major, &minor) != 2) return false;
  return major > 2 || (major == 2 && minor >= 35);
}

// The bracketed word of /sys/kernel/mm/transparent_hugepage/enabled, or "".
std::string thp_mode() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  std::getline(in, line);
  const std::size_t open = line.find('['), close = line.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return "";
  return line.substr(open + 1, close - open - 1);
}

// Whether /proc/self/exe is the file the code of this function was mapped from.
bool exe_is_this_program() {
  struct stat exe {};
  if (::stat("/proc/self/exe", &exe) != 0) return false;
  const auto here = reinterpret_cast<unsigned long>(&exe_is_this_program);
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    unsigned long start = 0, end = 0, offset = 0, inode = 0;
    unsigned major = 0, minor = 0;
    char perms[8] = {};
    if (std::sscanf(line.c_str(), "%lx-%lx %7s %lx %x:%x %lu", &start, &end, perms, &offset, &major,
                    &minor, &inode) != 7 ||
        here < start || here >= end) {
      continue;
    }
    return inode == exe.st_ino && makedev(major, minor) == exe.st_dev;
  }
  return false;
}

}  // namespace

RestartFacts current_restart_facts() {
  RestartFacts facts;
  facts.secure = ::getauxval(AT_SECURE) != 0;
  facts.restarted = std::getenv(kMallocRestarted) != nullptr;
  facts.glibc_has_hugetlb = glibc_has_hugetlb();
  facts.thp_mode = thp_mode();
  facts.exe_is_this_program = exe_is_this_program();
  facts.tunables = std::getenv(kGlibcTunables);
  return facts;
}

std::optional<std::string> restart_tunables(const RestartFacts& facts) {
  if (facts.secure || facts.restarted || !facts.glibc_has_hugetlb || facts.thp_mode != "madvise" ||
      !facts.exe_is_this_program) {
    return std::nullopt;
  }
  const std::string_view tunables = facts.tunables != nullptr ? facts.tunables : "";
  if (tunables.find(kHugeMalloc) != std::string_view::npos) return std::nullopt;
  std::string out(tunables);
  if (!out.empty()) out += ':';
  return out + std::string(kHugeMalloc) + "=1";
}

void restart_with_huge_page_malloc(char** argv) {
#if !defined(__SANITIZE_ADDRESS__)  // ASan's allocator replaces glibc's malloc
  const std::optional<std::string> tunables = restart_tunables(current_restart_facts());
  if (!tunables || ::setenv(kMallocRestarted, "1", 1) != 0 ||
      ::setenv(kGlibcTunables, tunables->c_str(), 1) != 0) {
    return;
  }
  ::execv("/proc/self/exe", argv);
#else
  (void)argv;
#endif
}

}  // namespace neardup
