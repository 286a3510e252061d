// Splits grouped into units of work: a rank reads a unit's splits one after another and keeps
// their sketches in one checkpoint file, so a corpus of many small files is not one file each.
#pragma once

#include <cstdint>
#include <vector>

#include "io/input/input_plan.hpp"

namespace neardup {

/// A split smaller than this fraction of the split size is small: small splits are grouped
/// (64 KiB at the default 64 MiB: source files, mails, one-line documents). Bigger ones cost
/// little as a checkpoint file each, and stay units the ranks can share out.
inline constexpr std::uint64_t kSmallSplitFraction = 1024;

/// A unit of small splits holds at most this fraction of the split size (4 MiB at 64 MiB), so
/// that grouping does not make the work coarser than the splits of big files.
inline constexpr std::uint64_t kUnitFraction = 16;

/// Most splits in one unit.
inline constexpr std::size_t kMaxUnitSplits = 1024;

/// Groups `splits` (of `files`, in plan order) into units of consecutive splits and returns
/// the first split of each unit, ascending (none when there are no splits). A split of at
/// least split_bytes / kSmallSplitFraction bytes is a unit of its own; runs of small splits
/// are grouped, a unit ending after a split whose file's path_hash and range hash to 0 modulo 64,
/// or before the unit would pass split_bytes / kUnitFraction bytes or kMaxUnitSplits splits. The
/// ends depend on the splits themselves, not on the rank count (isolate_splits, applied to shared
/// splits, is what can depend on it), and a file added or removed moves only the units around it,
/// so stored unit sketches are found again by a resume at another rank count and by a cache whose
/// inputs changed elsewhere. `split_bytes` 0 groups as for 64 MiB.
std::vector<std::uint32_t> group_splits(const InputFiles& files, const std::vector<Split>& splits,
                                        std::uint64_t split_bytes);

/// `units` (first splits, ascending) with every split s for which alone[s] is set made a unit
/// of its own (`alone` has one entry per split).
std::vector<std::uint32_t> isolate_splits(const std::vector<std::uint32_t>& units,
                                          const std::vector<char>& alone);

/// assign_splits over units: each unit weighs its splits' bytes and all its splits go to one
/// rank. Deterministic.
std::vector<int> assign_units(const std::vector<Split>& splits,
                              const std::vector<std::uint32_t>& units, int ranks);

}  // namespace neardup
