// What a run is and how far it got, and the stamps of its inputs.
#include "jobs/checkpoint/run_manifest.hpp"

#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/sketch_format.hpp"
#include "io/input/regular_file.hpp"
#include "io/io_error.hpp"
#include "io/write/checked_file.hpp"
#include "io/write/text_archive.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, neardup::InputStamp& s, unsigned) {
  ar& s.path& s.size& s.mtime_ns& s.fingerprint;
}

template <class Archive>
void serialize(Archive& ar, neardup::FinishedStage& f, unsigned) {
  ar& f.stage& f.parts;
}

template <class Archive>
void serialize(Archive& ar, neardup::VerifiedPair& p, unsigned) {
  ar& p.a& p.b& p.similarity;
}

template <class Archive>
void serialize(Archive& ar, neardup::RunManifest& m, unsigned) {
  ar& m.run_id& m.job& m.parameters& m.splits& m.inputs& m.finished& m.candidate_pairs;
  ar& m.method_counts& m.component_rounds& m.keep_moved& m.keep_without_value& m.near_misses;
}

}  // namespace boost::serialization

namespace neardup {
namespace {
namespace fs = std::filesystem;

constexpr const char* kManifestMagic = "neardup-manifest";
// 2: the run id (stage parts carry it); each finished stage with its part count.
// 3: stage parts built from split sketches of format 6 (shingle hashes from token hashes), so a
//    checkpoint of an earlier binary is not resumed over sketches made again.
// 4: stage parts built from split sketches of format 7 (short tokens hashed zero-padded to 16
//    bytes), for the same reason.
// 5: greedy clusters ("clusters" stage parts, cluster members with their similarity), the
//    clusters stage's counts and near misses.
// 6: a compressed JSON Lines file of several zstd frames or BGZF members is cut into splits at
//    frame starts (io/read/compressed_frames), so its documents' ids (split, line) differ from
//    those in the stage parts of a run that read it as one split.
// 7: the sketch format recorded beside the layout (core/sketch_format.hpp): stage parts are
//    made from sketches, so a run of another sketch format is not resumed over them.
const std::uint32_t kManifestVersion = stored_format_version(7);
constexpr std::size_t kFingerprintBytes = 64 << 10;

// XXH3 of the size, the first and the last 64 KiB: cheap on a parallel file system, and it
// catches rewritten files whose size and mtime were preserved in all but contrived cases.
std::uint64_t fingerprint_file(const std::string& path, std::uint64_t size) {
  int fd = -1;
  try {
    fd = open_regular_file(path, "input");
  } catch (const IoError&) {
    return 0;
  }
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  XXH3_64bits_update(state, &size, sizeof size);
  std::vector<char> buffer(kFingerprintBytes);
  for (const std::uint64_t at :
       {std::uint64_t{0}, size > kFingerprintBytes ? size - kFingerprintBytes : 0}) {
    const ssize_t got = ::pread(fd, buffer.data(), buffer.size(), static_cast<off_t>(at));
    if (got > 0) XXH3_64bits_update(state, buffer.data(), static_cast<std::size_t>(got));
  }
  const std::uint64_t digest = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  ::close(fd);
  return digest;
}

std::int64_t mtime_ns(const struct stat& info) {
  return static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t first = line.find_first_not_of(' ');
    line = first == std::string::npos ? "" : line.substr(first);
    if (!line.empty() && line.back() == ',') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

bool RunManifest::has_finished(const std::string& stage) const { return parts_of(stage) > 0; }

std::int32_t RunManifest::parts_of(const std::string& stage) const {
  for (const FinishedStage& f : finished) {
    if (f.stage == stage) return f.parts;
  }
  return 0;
}

void RunManifest::redo_from(const std::string& stage) {
  const auto at = std::find_if(finished.begin(), finished.end(),
                               [&](const FinishedStage& f) { return f.stage == stage; });
  finished.erase(at, finished.end());
}

std::vector<InputStamp> stamp_inputs(MPI_Comm comm, const JobPlan& plan) {
  const int rank = comm_rank(comm);
  const int ranks = comm_size(comm);
  std::vector<InputStamp> stamps(plan.files.size());
  std::vector<std::uint64_t> mine(plan.files.size(), 0), all(plan.files.size(), 0);
  for (std::size_t f = 0; f < plan.files.size(); ++f) {
    const InputFile& file = plan.files[f];
    stamps[f].path = file.path;
    stamps[f].size = file.size;
    struct stat info {};
    if (::stat(file.path.c_str(), &info) == 0) stamps[f].mtime_ns = mtime_ns(info);
    if (static_cast<int>(f % static_cast<std::size_t>(ranks)) == rank) {
      mine[f] = fingerprint_file(file.path, file.size);
    }
  }
  if (!mine.empty()) {
    mpi_check(MPI_Allreduce(mine.data(), all.data(), static_cast<int>(mine.size()), MPI_UINT64_T,
                            MPI_BXOR, comm),
              "MPI_Allreduce");
  }
  for (std::size_t f = 0; f < stamps.size(); ++f) stamps[f].fingerprint = all[f];
  return stamps;
}

std::string changed_input(const std::vector<InputStamp>& stamps, int rank, int ranks) {
  for (std::size_t f = static_cast<std::size_t>(rank); f < stamps.size();
       f += static_cast<std::size_t>(ranks)) {
    const InputStamp& stamp = stamps[f];
    struct stat info {};
    if (::stat(stamp.path.c_str(), &info) != 0) {
      return stamp.path + ": changed while the job ran (gone: " + std::strerror(errno) + ")";
    }
    const auto size = static_cast<std::uint64_t>(info.st_size);
    if (size != stamp.size) {
      return stamp.path + ": changed while the job ran (" + std::to_string(stamp.size) +
             " bytes when planned, now " + std::to_string(size) + ")";
    }
    if (mtime_ns(info) != stamp.mtime_ns) {
      return stamp.path + ": changed while the job ran (modified since it was planned)";
    }
  }
  return "";
}

std::string manifest_to_text(const RunManifest& manifest) { return to_text_archive(manifest); }

RunManifest manifest_from_text(const std::string& text) {
  return from_text_archive<RunManifest>(text, "checkpoint manifest");
}

void save_manifest(const std::string& dir, const RunManifest& manifest) {
  save_checked_file((fs::path(dir) / "manifest").string(), kManifestMagic, kManifestVersion,
                    manifest_to_text(manifest));
}

RunManifest load_manifest(const std::string& dir) {
  const std::string path = (fs::path(dir) / "manifest").string();
  const std::string text =
      load_checked_file(path, kManifestMagic, kManifestVersion, "checkpoint manifest");
  try {
    return manifest_from_text(text);
  } catch (const IoError& e) {
    throw IoError(path + ": " + e.what());
  }
}

std::string resume_mismatch(const RunManifest& saved, const RunManifest& now) {
  if (saved.job != now.job) {
    return "the checkpoint is of a neardup " + saved.job + " run, not " + now.job;
  }
  const std::vector<std::string> was = lines_of(saved.parameters);
  const std::vector<std::string> is = lines_of(now.parameters);
  for (std::size_t i = 0; i < std::max(was.size(), is.size()); ++i) {
    const std::string a = i < was.size() ? was[i] : "(nothing)";
    const std::string b = i < is.size() ? is[i] : "(nothing)";
    if (a != b) {
      return "parameters differ from the run being resumed: it had " + a + ", this run has " + b;
    }
  }
  for (std::size_t i = 0; i < std::max(saved.inputs.size(), now.inputs.size()); ++i) {
    if (i >= saved.inputs.size())
      return "input added since the run being resumed: " + now.inputs[i].path;
    if (i >= now.inputs.size())
      return "input gone since the run being resumed: " + saved.inputs[i].path;
    const InputStamp& a = saved.inputs[i];
    const InputStamp& b = now.inputs[i];
    if (a.path != b.path) {
      return "inputs differ from the run being resumed: it read " + a.path + ", this run reads " +
             b.path;
    }
    if (a.size != b.size) {
      return "input changed since the run being resumed: " + a.path + " (" +
             std::to_string(a.size) + " bytes, now " + std::to_string(b.size) + ")";
    }
    if (a.mtime_ns != b.mtime_ns || a.fingerprint != b.fingerprint) {
      return "input changed since the run being resumed: " + a.path + " (modified)";
    }
  }
  if (saved.splits != now.splits) return "the plan has another number of splits";
  return "";
}

}  // namespace neardup
