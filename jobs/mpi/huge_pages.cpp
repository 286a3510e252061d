// Transparent huge pages for large buffers: fewer page faults when they are first written.
#include "jobs/mpi/huge_pages.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace neardup {

void advise_huge_pages(const void* data, std::size_t bytes) {
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  if (bytes < 2 * kHuge) return;
  const auto start = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t begin = (start + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (start + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

std::optional<std::string> tunables_with_huge_pages(const char* tunables) {
  static constexpr std::string_view kHugeMalloc = "glibc.malloc.hugetlb";
  if (tunables == nullptr || *tunables == '\0') return std::string(kHugeMalloc) + "=1";
  if (std::string_view(tunables).find(kHugeMalloc) != std::string_view::npos) return std::nullopt;
  return std::string(tunables) + ":" + std::string(kHugeMalloc) + "=1";
}

void restart_with_huge_page_malloc(char** argv) {
  const std::optional<std::string> tunables = tunables_with_huge_pages(std::getenv(kGlibcTunables));
  if (!tunables || ::setenv(kGlibcTunables, tunables->c_str(), 1) != 0) return;
  ::execv("/proc/self/exe", argv);
}

}  // namespace neardup
