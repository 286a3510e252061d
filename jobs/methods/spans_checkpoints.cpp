// The spans job's facts and cuts as checkpoint records, and their counts as a manifest keeps
// them.
#include "jobs/methods/spans_checkpoints.hpp"

#include <algorithm>
#include <span>
#include <tuple>
#include <utility>

#include "jobs/mpi/all_gathered.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/packed_values.hpp"

namespace neardup {
namespace {

// The search's counts by their names in the manifest.
constexpr std::pair<const char*, std::uint64_t SpanSearchCounts::*> kSearchCounts[] = {
    {"search.anchors", &SpanSearchCounts::anchors},
    {"search.shared_anchors", &SpanSearchCounts::shared_anchors},
    {"search.whole_anchors", &SpanSearchCounts::whole_anchors},
    {"search.follower_anchors", &SpanSearchCounts::follower_anchors},
    {"search.windows", &SpanSearchCounts::windows},
    {"search.repeated", &SpanSearchCounts::repeated},
    {"search.window_runs", &SpanSearchCounts::window_runs},
    {"search.unlocated_docs", &SpanSearchCounts::unlocated_docs},
};
constexpr const char* kLargestName = "search.largest";

// The cut's counts by their names in the manifest.
constexpr std::pair<const char*, std::uint64_t SpanCutCounts::*> kCutCounts[] = {
    {"cut.proposed", &SpanCutCounts::proposed},
    {"cut.refused", &SpanCutCounts::refused},
    {"cut.unlocated_docs", &SpanCutCounts::unlocated_docs},
    {"cut.equal_runs_fetched", &SpanCutCounts::equal_runs_fetched},
};

// Collective: `table`'s members of `counts` summed over every rank, named.
template <class Counts, std::size_t N>
std::vector<NamedCount> summed(MPI_Comm comm, const Counts& counts,
                               const std::pair<const char*, std::uint64_t Counts::*> (&table)[N]) {
  std::vector<NamedCount> out;
  for (const auto& [name, member] : table) {
    out.emplace_back(name, sum_over_ranks(comm, counts.*member));
  }
  return out;
}

// On rank 0, `table`'s members of `saved`; zeros on the other ranks.
template <class Counts, std::size_t N>
Counts restored(const std::vector<NamedCount>& saved, int rank,
                const std::pair<const char*, std::uint64_t Counts::*> (&table)[N]) {
  Counts counts;
  if (rank != 0) return counts;
  for (const auto& [name, value] : saved) {
    for (const auto& [known, member] : table) {
      if (name == known) counts.*member = value;
    }
  }
  return counts;
}

}  // namespace

bool saved_cut_less(const SavedCut& a, const SavedCut& b) {
  return std::tie(a.doc, a.tokens.begin) < std::tie(b.doc, b.tokens.begin);
}

std::vector<NamedCount> saved_search_counts(MPI_Comm comm, const SpanSearchCounts& counts) {
  std::vector<NamedCount> out = summed(comm, counts, kSearchCounts);
  std::vector<std::uint64_t> largest =
      all_gathered(comm, std::span<const std::uint64_t>(counts.largest));
  std::sort(largest.begin(), largest.end(), std::greater<>());
  if (largest.size() > kLargestRepeats) largest.resize(kLargestRepeats);
  for (const std::uint64_t n : largest) out.emplace_back(kLargestName, n);
  return out;
}

SpanSearchCounts search_counts_of(const std::vector<NamedCount>& saved, int rank) {
  SpanSearchCounts counts = restored(saved, rank, kSearchCounts);
  if (rank != 0) return counts;
  for (const auto& [name, value] : saved) {
    if (name == kLargestName) counts.largest.push_back(value);
  }
  return counts;
}

std::vector<NamedCount> saved_cut_counts(MPI_Comm comm, const SpanCutCounts& counts) {
  return summed(comm, counts, kCutCounts);
}

SpanCutCounts cut_counts_of(const std::vector<NamedCount>& saved, int rank) {
  return restored(saved, rank, kCutCounts);
}

}  // namespace neardup
