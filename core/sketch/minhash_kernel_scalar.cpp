// The portable MinHash kernel: four permutations per pass over the shingles.
#include <algorithm>
#include <limits>

#include "core/sketch/minhash_kernels.hpp"

namespace neardup {

void min_hash_scalar(const std::uint64_t* a, const std::uint64_t* b, std::size_t p,
                     const std::uint64_t* x, std::size_t n, std::uint32_t* out) {
  // Four independent min chains keep the multiplier busy; the shingles stay in L1.
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::size_t i = 0;
  for (; i + 4 <= p; i += 4) {
    std::uint64_t m0 = kMax, m1 = kMax, m2 = kMax, m3 = kMax;
    for (std::size_t k = 0; k < n; ++k) {
      m0 = std::min(m0, a[i] * x[k] + b[i]);
      m1 = std::min(m1, a[i + 1] * x[k] + b[i + 1]);
      m2 = std::min(m2, a[i + 2] * x[k] + b[i + 2]);
      m3 = std::min(m3, a[i + 3] * x[k] + b[i + 3]);
    }
    out[i] = static_cast<std::uint32_t>(m0 >> 32);
    out[i + 1] = static_cast<std::uint32_t>(m1 >> 32);
    out[i + 2] = static_cast<std::uint32_t>(m2 >> 32);
    out[i + 3] = static_cast<std::uint32_t>(m3 >> 32);
  }
  for (; i < p; ++i) {
    std::uint64_t m = kMax;
    for (std::size_t k = 0; k < n; ++k) m = std::min(m, a[i] * x[k] + b[i]);
    out[i] = static_cast<std::uint32_t>(m >> 32);
  }
}

}  // namespace neardup
