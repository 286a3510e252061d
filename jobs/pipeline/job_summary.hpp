// The global counts of a finished job, the same on every rank.
#pragma once

#include <array>
#include <cstdint>

#include "core/lsh/lsh_params.hpp"
#include "io/read/line_status.hpp"

namespace neardup {

/// Global counts of a finished run (the same on every rank).
struct JobSummary {
  BandLayout layout;            // minhash only
  std::uint64_t docs_read = 0;  // lines read
  std::uint64_t docs_kept = 0;
  std::uint64_t docs_removed = 0;
  std::uint64_t docs_skipped = 0;
  std::array<std::uint64_t, kLineStatusCount> skipped_by_reason{};
  std::uint64_t candidate_pairs = 0;
  std::uint64_t verified_pairs = 0;
  std::uint64_t clusters = 0;
  std::uint64_t bytes_shuffled = 0;
};

}  // namespace neardup
