// Stage 1, plan: rank 0 lists the inputs, every rank cuts them into splits; all hold the plan.
#include "jobs/documents/job_plan.hpp"

#include <algorithm>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/map.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <numeric>
#include <optional>
#include <sstream>

#include "core/release.hpp"
#include "io/input/split_units.hpp"
#include "io/io_error.hpp"
#include "io/read/bytes_view.hpp"
#include "jobs/documents/format_check.hpp"
#include "jobs/mpi/all_gathered.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace boost::serialization {

template <class Archive>
void serialize(Archive& archive, neardup::InputFormat& format, unsigned) {
  archive& format.container& format.codec;
}

template <class Archive>
void serialize(Archive& archive, neardup::InputFile& file, unsigned) {
  archive& file.path& file.size& file.format& file.relative;
}

template <class Archive>
void serialize(Archive& archive, neardup::IgnoredFiles& ignored, unsigned) {
  archive& ignored.by_extension& ignored.not_included& ignored.excluded;
  archive& ignored.not_regular& ignored.broken_links& ignored.hidden& ignored.own_outputs;
  archive& ignored.aliases& ignored.hidden_dirs& ignored.own_output_dirs& ignored.alias_example;
}

template <class Archive>
void serialize(Archive& archive, neardup::Split& split, unsigned) {
  archive& split.file& split.begin& split.end;
}

}  // namespace boost::serialization

namespace neardup {
namespace {

// Rank 0's line on what the walks passed over, with which names they take when some files
// were passed over for their names.
void log_ignored(const IgnoredFiles& ignored, std::optional<InputFormat> format) {
  std::string text = ignored_files_text(ignored);
  if (text.empty()) return;
  if (!ignored.by_extension.empty()) {
    text += " (directory walks read " + walked_names(format) +
            "; --format text reads every file as one document)";
  }
  log_info(text);
}

// Collective: walk_split_begins of every file that walks_frames, file f walked by rank
// f % ranks (so the ranks read different files' frame headers at once), on every rank.
std::vector<std::vector<std::uint64_t>> walk_frames_shared(MPI_Comm comm,
                                                           const std::vector<InputFile>& files,
                                                           std::uint64_t split_bytes) {
  const int ranks = comm_size(comm);
  // Per file walked here: its index, the number of its begins, the begins.
  std::vector<std::uint64_t> mine;
  for (std::size_t f = static_cast<std::size_t>(comm_rank(comm)); f < files.size();
       f += static_cast<std::size_t>(ranks)) {
    if (!walks_frames(files[f], split_bytes)) continue;
    const std::vector<std::uint64_t> begins = walk_split_begins(files[f], split_bytes);
    mine.push_back(f);
    mine.push_back(begins.size());
    mine.insert(mine.end(), begins.begin(), begins.end());
  }
  std::vector<std::uint64_t> all;
  try {
    all = all_gathered(comm, std::span<const std::uint64_t>(mine));
  } catch (const std::length_error&) {  // on every rank
    throw IoError("too many frames to cut the inputs at; raise --split-mb");
  }
  std::vector<std::vector<std::uint64_t>> begins(files.size());
  for (std::size_t at = 0; at + 1 < all.size(); at += 2 + all[at + 1]) {
    const auto first = all.begin() + static_cast<std::ptrdiff_t>(at + 2);
    begins[all[at]].assign(first, first + static_cast<std::ptrdiff_t>(all[at + 1]));
  }
  return begins;
}

}  // namespace

std::size_t JobPlan::unit_of(std::uint32_t s) const {
  return static_cast<std::size_t>(std::upper_bound(units.begin(), units.end(), s) - units.begin()) -
         1;
}

std::uint32_t JobPlan::unit_end(std::size_t u) const {
  return u + 1 < units.size() ? units[u + 1] : static_cast<std::uint32_t>(splits.size());
}

std::vector<std::uint64_t> JobPlan::bytes_per_rank(int ranks) const {
  std::vector<std::uint64_t> bytes(static_cast<std::size_t>(ranks), 0);
  for (std::size_t s = 0; s < splits.size(); ++s) {
    bytes[static_cast<std::size_t>(owners[s])] += splits[s].end - splits[s].begin;
  }
  return bytes;
}

bool JobPlan::has_compressed_input() const {
  for (const InputFile& file : files) {
    if (is_compressed(file.format)) return true;
  }
  return false;
}

std::uint64_t JobPlan::total_bytes() const {
  std::uint64_t total = 0;
  for (const InputFile& file : files) total += file.size;
  return total;
}

void share_unsplittable_splits(JobPlan& plan, int ranks) {
  plan.shared.assign(plan.splits.size(), 0);
  const std::uint64_t total = plan.total_bytes();
  // A shared split weighs one byte: its reading is spread over the ranks by rounds, and its
  // readers go to the lightest ranks, one each.
  std::vector<Split> weighed = plan.splits;
  bool any = false;
  for (std::size_t s = 0; s < plan.splits.size(); ++s) {
    const Split& split = plan.splits[s];
    const InputFile& file = plan.files[split.file];
    const bool whole = split.begin == 0 && split.end == file.size;
    const bool big = 2 * static_cast<std::uint64_t>(ranks) * file.size > total;
    if (ranks > 1 && whole && is_compressed(file.format) && !is_text(file.format) && big) {
      plan.shared[s] = 1;
      weighed[s].end = weighed[s].begin + 1;
      any = true;
    }
  }
  if (!any) {
    plan.shared.clear();
    return;
  }
  if (plan.units.empty()) {
    plan.units.resize(plan.splits.size());
    std::iota(plan.units.begin(), plan.units.end(), std::uint32_t{0});
  }
  plan.units = isolate_splits(plan.units, plan.shared);
  plan.owners = assign_units(weighed, plan.units, ranks);
}

JobPlan make_plan(MPI_Comm comm, const JobOptions& options) {
  JobPlan plan;
  std::string error;
  std::string encoded;
  if (comm_rank(comm) == 0) {
    try {
      plan.files = expand_inputs(options.inputs, {options.format, options.filter}, &plan.ignored);
      std::ostringstream stream;
      boost::archive::binary_oarchive archive(stream);
      archive << plan.files << plan.ignored;
      encoded = std::move(stream).str();
    } catch (const IoError& e) {
      error = e.what();
    }
  }
  agree_on_errors(comm, error);
  encoded = broadcast_string(comm, std::move(encoded));
  if (comm_rank(comm) != 0) {
    BytesView view(encoded);
    boost::archive::binary_iarchive archive(view);
    archive >> plan.files >> plan.ignored;
  }
  release(encoded);
  // Every rank cuts the same splits from the frame walks shared out among them.
  std::vector<std::vector<std::uint64_t>> frame_begins;
  run_agreed(comm, [&] {
    frame_begins = walk_frames_shared(comm, plan.files, options.split_bytes);
    plan.splits = cut_splits(plan.files, options.split_bytes, frame_begins);
    if (plan.splits.size() >= (std::uint64_t{1} << 32)) {
      throw IoError("more than 2^32 splits; raise --split-mb");
    }
  });
  plan.units = group_splits(plan.files, plan.splits, options.split_bytes);
  plan.owners = assign_units(plan.splits, plan.units, comm_size(comm));
  log_ignored(plan.ignored, options.format);
  plan.format_hints = check_input_formats(comm, plan.files, plan.splits, plan.owners);
  return plan;
}

}  // namespace neardup
