// Exhaustive sweeps sampled under AddressSanitizer, where every buffer of a megabyte is a fresh
// mapping poisoned and unpoisoned at each use: a test then checks a sample of its cases.
#pragma once

#include <cstddef>

namespace neardup::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitized = true;
#else
inline constexpr bool kAddressSanitized = false;
#endif
#else
inline constexpr bool kAddressSanitized = false;
#endif

/// How many cases of a sweep of `cases` to run: all of them, or a third (at least one) under
/// AddressSanitizer.
inline constexpr std::size_t sanitized_sweep(std::size_t cases) {
  return !kAddressSanitized ? cases : cases / 3 > 0 ? cases / 3 : 1;
}

}  // namespace neardup::testing
