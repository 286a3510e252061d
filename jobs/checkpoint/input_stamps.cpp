// The stamps that tell whether an input changed: each rank stamps the files it reads, and
// rank 0 gathers them for the run's manifest.
#include "jobs/checkpoint/input_stamps.hpp"

#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/input/regular_file.hpp"
#include "io/io_error.hpp"
#include "io/write/checked_file.hpp"
#include "io/write/text_archive.hpp"
#include "jobs/mpi/all_gathered.hpp"

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, neardup::InputStamp& s, unsigned) {
  ar& s.path& s.size& s.mtime_ns& s.fingerprint;
}

}  // namespace boost::serialization

namespace neardup {
namespace {

constexpr const char* kInputsMagic = "neardup-inputs";
// 1: the stamps of a run's inputs, in plan order, apart from its manifest (manifest layout 8).
// They do not depend on the sketch format, so unlike the manifest they do not record it.
constexpr std::uint32_t kInputsVersion = 1;
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

InputStamp stamp_file(const InputFile& file) {
  InputStamp stamp;
  stamp.path = file.path;
  stamp.size = file.size;
  struct stat info {};
  if (::stat(file.path.c_str(), &info) == 0) stamp.mtime_ns = mtime_ns(info);
  stamp.fingerprint = fingerprint_file(file.path, file.size);
  return stamp;
}

// A stamp as gathered to rank 0, which knows the file's path from the plan.
struct SentStamp {
  std::uint64_t file = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::uint64_t fingerprint = 0;
};

}  // namespace

ReadStamps::ReadStamps(const JobPlan& plan, int rank) {
  for (std::size_t s = 0; s < plan.splits.size(); ++s) {
    const std::uint32_t file = plan.splits[s].file;
    if (plan.owners[s] != rank || (!files_.empty() && files_.back() == file)) continue;
    files_.push_back(file);
    stamps_.push_back(stamp_file(plan.files[file]));
  }
}

const InputStamp* ReadStamps::find(std::uint32_t file) const {
  const auto at = std::lower_bound(files_.begin(), files_.end(), file);
  if (at == files_.end() || *at != file) return nullptr;
  return &stamps_[static_cast<std::size_t>(at - files_.begin())];
}

std::string ReadStamps::changed() const {
  for (const InputStamp& stamp : stamps_) {
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

std::vector<InputStamp> gather_input_stamps(MPI_Comm comm, const JobPlan& plan,
                                            const ReadStamps& mine) {
  const int rank = comm_rank(comm);
  std::vector<SentStamp> sent;
  for (std::size_t s = 0; s < plan.splits.size(); ++s) {
    const std::uint32_t file = plan.splits[s].file;
    const bool first = s == 0 || plan.splits[s - 1].file != file;
    if (!first || plan.owners[s] != rank) continue;
    const InputStamp* stamp = mine.find(file);
    sent.push_back({file, stamp->size, stamp->mtime_ns, stamp->fingerprint});
  }
  const std::vector<SentStamp> all = gathered_on_root(comm, std::span<const SentStamp>(sent));
  if (rank != 0) return {};
  std::vector<InputStamp> stamps(plan.files.size());
  for (const SentStamp& s : all) {
    stamps[s.file] = {plan.files[s.file].path, s.size, s.mtime_ns, s.fingerprint};
  }
  return stamps;
}

void save_input_stamps(const std::string& dir, const std::vector<InputStamp>& stamps) {
  save_checked_file((std::filesystem::path(dir) / "inputs").string(), kInputsMagic, kInputsVersion,
                    to_text_archive(stamps));
}

std::vector<InputStamp> load_input_stamps(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / "inputs").string();
  const std::string text = load_checked_file(path, kInputsMagic, kInputsVersion, "input stamps");
  try {
    return from_text_archive<std::vector<InputStamp>>(text, "input stamps");
  } catch (const IoError& e) {
    throw IoError(path + ": " + e.what());
  }
}

std::string input_stamps_mismatch(const std::vector<InputStamp>& saved,
                                  const std::vector<InputStamp>& now) {
  for (std::size_t i = 0; i < std::max(saved.size(), now.size()); ++i) {
    if (i >= saved.size()) return "input added since the run being resumed: " + now[i].path;
    if (i >= now.size()) return "input gone since the run being resumed: " + saved[i].path;
    const InputStamp& a = saved[i];
    const InputStamp& b = now[i];
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
  return "";
}

}  // namespace neardup
