// Stage 2, sketch: each rank streams its splits, parses, shingles and signs every document.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/minhash.hpp"
#include "io/json_line.hpp"
#include "jobs/document_spec.hpp"
#include "jobs/local_docs.hpp"
#include "jobs/plan_stage.hpp"

namespace neardup {

/// A skipped line, located by split and line index within the split.
struct SkipExample {
  std::uint32_t split = 0;
  std::uint32_t line = 0;
  LineStatus status = LineStatus::kOk;
};

/// What one rank's sketch stage produced and counted.
struct SketchResult {
  LocalDocs docs;
  std::vector<std::uint64_t> lines_per_split;  // one entry per split; zero for other ranks'
  std::array<std::uint64_t, kLineStatusCount> status_counts{};
  std::vector<SkipExample> examples;  // the first kSkipExamples of each reason on this rank
  std::uint64_t bytes_read = 0;
  std::uint64_t shingles = 0;
};

/// How many skipped lines of each reason are kept as examples for the log.
inline constexpr std::size_t kSkipExamples = 10;

/// Sketches the splits that `plan` assigns to `rank`, in split order (so document ids come out
/// sorted). Lines that are not documents are counted by reason. Throws IoError naming the file
/// when a file cannot be read, and when a split holds more than 2^32 lines.
SketchResult sketch_splits(const JobPlan& plan, int rank, const DocumentSpec& spec,
                           const MinHasher& hasher);

}  // namespace neardup
