// The stamps that tell whether an input changed: each rank stamps the files it reads, and
// rank 0 gathers them for the run's manifest.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "jobs/documents/job_plan.hpp"

namespace neardup {

/// An input file as a run saw it; resuming refuses inputs that changed since.
struct InputStamp {
  std::string path;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::uint64_t fingerprint = 0;  // XXH3-64 of the size, the first and the last 64 KiB
  friend bool operator==(const InputStamp&, const InputStamp&) = default;
};

/// The stamps of the files this rank reads (those holding a split it owns), each file once:
/// a rank stats and fingerprints only these, so the work and memory are its share of the
/// corpus's files, not all of them.
class ReadStamps {
 public:
  /// Stamps the files holding the splits `rank` owns in `plan`.
  ReadStamps(const JobPlan& plan, int rank);

  /// The stamp of file `file` of the plan; nullptr when this rank reads none of it.
  const InputStamp* find(std::uint32_t file) const;

  /// The first of these files whose size or mtime now differs from its stamp, as an error
  /// naming it ("" when none): a file that shrank, grew or was rewritten while the job ran.
  std::string changed() const;

  /// The plan's indices of the files stamped, ascending, and their stamps in the same order.
  const std::vector<std::uint32_t>& files() const { return files_; }
  const std::vector<InputStamp>& stamps() const { return stamps_; }

 private:
  std::vector<std::uint32_t> files_;
  std::vector<InputStamp> stamps_;
};

/// Collective: on rank 0, the stamps of every file of `plan` in order, each from the rank that
/// reads the file's first split; empty on the other ranks.
std::vector<InputStamp> gather_input_stamps(MPI_Comm comm, const JobPlan& plan,
                                            const ReadStamps& mine);

/// The input stamps of the checkpoint directory `dir` (DIR/inputs), written once when a run
/// starts, atomically with a checksum; load throws IoError naming the file when it is missing,
/// truncated or corrupt.
void save_input_stamps(const std::string& dir, const std::vector<InputStamp>& stamps);
std::vector<InputStamp> load_input_stamps(const std::string& dir);

/// Why inputs stamped `now` differ from those `saved` by the run being resumed (a file added,
/// gone, renamed or changed), naming the first difference; "" when they do not.
std::string input_stamps_mismatch(const std::vector<InputStamp>& saved,
                                  const std::vector<InputStamp>& now);

}  // namespace neardup
