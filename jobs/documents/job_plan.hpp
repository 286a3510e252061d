// Stage 1, plan: rank 0 lists the inputs, every rank cuts them into splits; all hold the plan,
// each with the names of only the files it reads.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "io/input/format_sniff.hpp"
#include "io/input/ignored_files.hpp"
#include "io/input/input_files.hpp"
#include "io/input/input_format.hpp"
#include "io/input/input_plan.hpp"
#include "jobs/options/job_options.hpp"

namespace neardup {

/// The job's inputs, their splits in input order and the rank that sketches each split.
struct JobPlan {
  // Every file's size and format; the names of the files this rank reads (those of the splits
  // it owns, of the shared splits and of the files whose frames are walked), of all on rank 0.
  InputFiles files;
  std::vector<Split> splits;
  std::vector<int> owners;  // owners[s] sketches split s and owns its documents
  // units[u]: the first split of unit u (io/input/split_units.hpp), ascending: a unit's splits
  // have one owner, and their sketches are stored together.
  std::vector<std::uint32_t> units;
  // shared[s]: split s is read by owners[s] and its records handed to every rank, which then
  // own the documents they sketched (see shared_sketch.hpp); empty when no split is shared.
  std::vector<char> shared;
  IgnoredFiles ignored;             // what directory walks and globs passed over
  FormatHintCounts format_hints{};  // rank 0: inputs warned about, per hint (format_check.hpp)

  /// Bytes of all inputs.
  std::uint64_t total_bytes() const;

  /// Bytes of the splits each of `ranks` ranks sketches.
  std::vector<std::uint64_t> bytes_per_rank(int ranks) const;

  /// True when some input is gzip or zstd compressed.
  bool has_compressed_input() const;

  /// Whether split `s` is shared (its records handed to every rank).
  bool is_shared(std::size_t s) const { return !shared.empty() && shared[s] != 0; }

  /// The unit holding split `s`, and the splits [first, end) of unit `u`.
  std::size_t unit_of(std::uint32_t s) const;
  std::uint32_t unit_begin(std::size_t u) const { return units[u]; }
  std::uint32_t unit_end(std::size_t u) const;
};

/// Marks the splits to share among `ranks` ranks and reassigns owners: a split is shared when
/// it is a whole compressed JSON Lines file (which cannot be cut into byte ranges) holding more
/// than 1/(2 x ranks) of the input bytes, so that one rank would otherwise read much more than
/// its share. Each shared split becomes a unit of its own (a plan without units has one per
/// split), the units are assigned again balancing bytes (assign_units), and each shared
/// split's reader is the rank then lightest. With one rank, nothing is shared. make_plan calls
/// it (SplitSharing::kUnsplittable) before the names are sent: applied to a plan make_plan
/// returned, it would share splits whose files the other ranks hold no names of.
void share_unsplittable_splits(JobPlan& plan, int ranks);

/// Whether a plan shares big unsplittable files among the ranks (share_unsplittable_splits).
enum class SplitSharing { kNone, kUnsplittable };

/// Collective: rank 0 expands `options.inputs` (in options.format, filtered by
/// options.filter) and logs what the walks ignored (ignored_files_text); every file's size,
/// format and path hash are broadcast (Boost.Serialization) with the names of the compressed
/// files that can be cut (walks_frames), whose frames the ranks share out walking; every rank
/// cuts the same splits of options.split_bytes, groups them into units (group_splits), assigns
/// the units to ranks balancing bytes (assign_units) and, with SplitSharing::kUnsplittable,
/// shares the big unsplittable files (share_unsplittable_splits); rank 0 then sends each rank
/// the names of the files it reads, and the ranks check the inputs' formats
/// (check_input_formats). Throws JobError on every rank, with rank 0's message, when the inputs
/// cannot be listed.
JobPlan make_plan(MPI_Comm comm, const JobOptions& options, SplitSharing sharing);

}  // namespace neardup
