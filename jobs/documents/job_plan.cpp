// Stage 1, plan: rank 0 lists the inputs, every rank cuts them into splits; all hold the plan,
// each with the names of only the files it reads.
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

// Collective: walk_split_begins of every file that walks_frames (named on every rank), file f
// walked by rank f % ranks (so the ranks read different files' frame headers at once), on
// every rank.
std::vector<std::vector<std::uint64_t>> walk_frames_shared(MPI_Comm comm, const InputFiles& files,
                                                           std::uint64_t split_bytes) {
  const int ranks = comm_size(comm);
  // Per file walked here: its index, the number of its begins, the begins.
  std::vector<std::uint64_t> mine;
  for (std::size_t f = static_cast<std::size_t>(comm_rank(comm)); f < files.size();
       f += static_cast<std::size_t>(ranks)) {
    if (!walks_frames(files, f, split_bytes)) continue;
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

std::uint8_t packed(InputFormat format) {
  return static_cast<std::uint8_t>(static_cast<unsigned>(format.container) << 4 |
                                   static_cast<unsigned>(format.codec));
}

InputFormat unpacked(std::uint8_t format) {
  return {static_cast<Container>(format >> 4), static_cast<Codec>(format & 0xF)};
}

// Rank 0's listing as broadcast: every file's size, format and path hash, the names of the
// files whose frames are walked (every rank reads some), and what the walks ignored.
std::string encode_listing(const InputFiles& files, const IgnoredFiles& ignored,
                           std::uint64_t split_bytes) {
  std::vector<std::uint8_t> formats;
  formats.reserve(files.size());
  std::vector<std::uint32_t> walked;
  std::vector<InputFile> walked_files;
  for (std::uint32_t f = 0; f < files.size(); ++f) {
    formats.push_back(packed(files.format_of(f)));
    if (walks_frames(files, f, split_bytes)) {
      walked.push_back(f);
      walked_files.push_back(files[f]);
    }
  }
  std::ostringstream stream;
  boost::archive::binary_oarchive archive(stream);
  archive << files.sizes() << formats << files.path_hashes() << walked << walked_files << ignored;
  return std::move(stream).str();
}

InputFiles decode_listing(const std::string& encoded, IgnoredFiles& ignored) {
  BytesView view(encoded);
  boost::archive::binary_iarchive archive(view);
  std::vector<std::uint64_t> sizes, hashes;
  std::vector<std::uint8_t> packed_formats;
  std::vector<std::uint32_t> walked;
  std::vector<InputFile> walked_files;
  archive >> sizes >> packed_formats >> hashes >> walked >> walked_files >> ignored;
  std::vector<InputFormat> formats(packed_formats.size());
  std::transform(packed_formats.begin(), packed_formats.end(), formats.begin(), unpacked);
  InputFiles files(std::move(sizes), std::move(formats), std::move(hashes));
  files.name(walked, std::move(walked_files));
  return files;
}

// Rank 0: for each rank, the names of the files it reads that the listing did not name: those
// of the splits it owns and of the shared splits (empty for rank 0, which names all).
std::vector<std::string> name_blocks(const JobPlan& plan, int ranks, std::uint64_t split_bytes) {
  std::vector<std::vector<std::uint32_t>> wanted(static_cast<std::size_t>(ranks));
  const auto want = [&](int rank, std::uint32_t f) {
    std::vector<std::uint32_t>& list = wanted[static_cast<std::size_t>(rank)];
    if (rank != 0 && (list.empty() || list.back() != f)) list.push_back(f);  // splits by file
  };
  for (std::size_t s = 0; s < plan.splits.size(); ++s) {
    const std::uint32_t f = plan.splits[s].file;
    if (walks_frames(plan.files, f, split_bytes)) continue;
    if (!plan.is_shared(s)) {
      want(plan.owners[s], f);
      continue;
    }
    for (int r = 0; r < ranks; ++r) want(r, f);
  }
  std::vector<std::string> blocks(static_cast<std::size_t>(ranks));
  for (std::size_t r = 1; r < blocks.size(); ++r) {
    std::vector<InputFile> named;
    named.reserve(wanted[r].size());
    for (const std::uint32_t f : wanted[r]) named.push_back(plan.files[f]);
    std::ostringstream stream;
    boost::archive::binary_oarchive archive(stream);
    archive << wanted[r] << named;
    blocks[r] = std::move(stream).str();
  }
  return blocks;
}

// Collective: rank 0 sends each rank the names of the files it reads (name_blocks). Each step
// that can fail on some ranks only is agreed on before the next collective call.
void scatter_names(MPI_Comm comm, JobPlan& plan, std::uint64_t split_bytes) {
  const int rank = comm_rank(comm);
  std::vector<std::string> blocks;
  run_agreed(comm, [&] {
    if (rank == 0) blocks = name_blocks(plan, comm_size(comm), split_bytes);
  });
  std::string block;
  run_agreed(comm, [&] {
    try {
      block = scatter_strings(comm, blocks);  // throws length_error on every rank or none
    } catch (const std::length_error&) {
      throw IoError("too many input file names for one rank; use more ranks");
    }
  });
  release(blocks);
  run_agreed(comm, [&] {
    if (rank == 0) return;
    BytesView view(block);
    boost::archive::binary_iarchive archive(view);
    std::vector<std::uint32_t> indices;
    std::vector<InputFile> named;
    archive >> indices >> named;
    plan.files.name(indices, std::move(named));
  });
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
  const std::vector<InputFormat>& formats = files.formats();
  return std::any_of(formats.begin(), formats.end(),
                     [](InputFormat f) { return is_compressed(f); });
}

std::uint64_t JobPlan::total_bytes() const { return files.total_bytes(); }

void share_unsplittable_splits(JobPlan& plan, int ranks) {
  plan.shared.assign(plan.splits.size(), 0);
  const std::uint64_t total = plan.total_bytes();
  // A shared split weighs one byte: its reading is spread over the ranks by rounds, and its
  // readers go to the lightest ranks, one each.
  std::vector<Split> weighed = plan.splits;
  bool any = false;
  for (std::size_t s = 0; s < plan.splits.size(); ++s) {
    const Split& split = plan.splits[s];
    const std::uint64_t size = plan.files.size_of(split.file);
    const InputFormat format = plan.files.format_of(split.file);
    const bool whole = split.begin == 0 && split.end == size;
    const bool big = 2 * static_cast<std::uint64_t>(ranks) * size > total;
    if (ranks > 1 && whole && is_compressed(format) && !is_text(format) && big) {
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

JobPlan make_plan(MPI_Comm comm, const JobOptions& options, SplitSharing sharing) {
  JobPlan plan;
  std::string error;
  std::string encoded;
  if (comm_rank(comm) == 0) {
    try {
      plan.files = expand_inputs(options.inputs, {options.format, options.filter}, &plan.ignored);
      encoded = encode_listing(plan.files, plan.ignored, options.split_bytes);
    } catch (const IoError& e) {
      error = e.what();
    }
  }
  agree_on_errors(comm, error);
  encoded = broadcast_string(comm, std::move(encoded));
  run_agreed(comm, [&] {
    if (comm_rank(comm) != 0) plan.files = decode_listing(encoded, plan.ignored);
  });
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
  if (sharing == SplitSharing::kUnsplittable) share_unsplittable_splits(plan, comm_size(comm));
  scatter_names(comm, plan, options.split_bytes);
  log_ignored(plan.ignored, options.format);
  plan.format_hints = check_input_formats(comm, plan.files, plan.splits, plan.owners);
  return plan;
}

}  // namespace neardup
