// glibc's malloc set to advise huge pages: the program starts itself again once with the
// setting, which glibc reads only at start-up.
#pragma once

#include <optional>
#include <string>

namespace neardup {

/// The environment variable through which glibc reads its malloc settings at start-up.
inline constexpr const char* kGlibcTunables = "GLIBC_TUNABLES";

/// Set in the environment of the restarted program, so that it never restarts again.
inline constexpr const char* kMallocRestarted = "NEARDUP_MALLOC_RESTARTED";

/// What decides whether the program restarts with huge-page malloc.
struct RestartFacts {
  bool secure = false;               // AT_SECURE (setuid, capabilities): glibc drops the tunables
  bool restarted = false;            // kMallocRestarted is set: this process is the restart
  bool glibc_has_hugetlb = false;    // glibc 2.35 or later, which knows glibc.malloc.hugetlb
  std::string thp_mode;              // the kernel's THP mode: madvise, always, never; "" unknown
  bool exe_is_this_program = false;  // /proc/self/exe is the file this code runs from (not a
                                     // loader run explicitly, not valgrind)
  const char* tunables = nullptr;    // GLIBC_TUNABLES, null when unset
};

/// The facts of this process.
RestartFacts current_restart_facts();

/// The GLIBC_TUNABLES to restart with: `facts.tunables` with glibc.malloc.hugetlb=1 added;
/// nullopt (run on as is) when the tunables already name glibc.malloc.hugetlb (the user's
/// choice: =0 turns it off), when huge-page advice changes nothing (THP always, never or
/// unknown, glibc before 2.35), or when a restart could not work (secure mode, already
/// restarted, /proc/self/exe another program).
std::optional<std::string> restart_tunables(const RestartFacts& facts);

/// Starts this program again with restart_tunables' GLIBC_TUNABLES and kMallocRestarted set
/// (execv of /proc/self/exe with `argv`: same process id, open files and signal dispositions),
/// unless restart_tunables says not to; if the restart fails, returns and the process goes on
/// as it is. Call it first thing in main. Every allocation then takes one page fault per
/// 2 MiB instead of per 4 KiB: on the 2-core VM of docs/performance.md a 76 MB corpus took
/// 193,000 page faults and 5.5 s in spans, 34,000 and 3.5 s with it. Costs about 20 ms.
void restart_with_huge_page_malloc(char** argv);

}  // namespace neardup
