// Checkpoints of a run, so a killed or pre-empted job continues where it stopped: the manifest
// (parameters, inputs, finished stages), every split's sketch, and finished stages' results.
#include "jobs/checkpoint/checkpoint.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/archive/text_iarchive.hpp>
#include <boost/archive/text_oarchive.hpp>
#include <boost/serialization/array.hpp>
#include <boost/serialization/is_bitwise_serializable.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <utility>

#include "io/checked_file.hpp"
#include "io/io_error.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

BOOST_IS_BITWISE_SERIALIZABLE(neardup::Hash128)

static_assert(sizeof(neardup::IdKey) == 24, "split files store IdKeys as 24 raw bytes");

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, neardup::Hash128& h, unsigned) {
  ar& h.high& h.low;
}

template <class Archive>
void serialize(Archive& ar, neardup::SkipExample& e, unsigned) {
  ar& e.split& e.line& e.status& e.detail;
}

template <class Archive>
void serialize(Archive& ar, neardup::InputStamp& s, unsigned) {
  ar& s.path& s.size& s.mtime_ns& s.fingerprint;
}

template <class Archive>
void serialize(Archive& ar, neardup::RunManifest& m, unsigned) {
  ar& m.job& m.parameters& m.splits& m.inputs& m.finished& m.part_ranks& m.candidate_pairs;
  ar& m.method_counts& m.component_rounds;
}

}  // namespace boost::serialization

namespace neardup {
namespace {
namespace fs = std::filesystem;

constexpr const char* kManifestMagic = "neardup-manifest";
constexpr const char* kSplitMagic = "neardup-split-sketch";
constexpr const char* kPartMagic = "neardup-stage-part";
constexpr std::uint32_t kCheckpointVersion = 1;
// 2: a split's documents stored as raw arrays after a Boost archive of its tally.
constexpr std::uint32_t kSplitVersion = 2;
constexpr std::size_t kFingerprintBytes = 64 << 10;

// XXH3 of the size, the first and the last 64 KiB: cheap on a parallel file system, and it
// catches rewritten files whose size and mtime were preserved in all but contrived cases.
std::uint64_t fingerprint_file(const std::string& path, std::uint64_t size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
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

// What a split file holds besides its documents' raw arrays (which follow it).
struct SplitHeader {
  std::string file;  // the split: its file and byte range
  std::uint64_t begin = 0, end = 0;
  SplitTally tally;  // all but `stopped` (a stopped split is not stored)
  std::uint64_t documents = 0;
  std::uint64_t id_keys = 0;
  std::uint32_t sketch_words = 0;
  std::vector<std::string> doc_ids;  // keep_ids only

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& file& begin& end& tally.lines& tally.status_counts& tally.examples& tally.bytes_read;
    ar& documents& id_keys& sketch_words& doc_ids;
  }
};

template <class T, std::size_t N>
std::string_view bytes_of(std::span<T, N> items) {
  return {reinterpret_cast<const char*>(items.data()), items.size_bytes()};
}

// Appends `count` items of T read from `payload` at `at` (advanced past them) to `items`.
template <class T>
void append_raw(std::vector<T>& items, std::string_view payload, std::size_t& at,
                std::size_t count) {
  const std::size_t old = items.size();
  items.resize(old + count);
  std::memcpy(items.data() + old, payload.data() + at, count * sizeof(T));
  at += count * sizeof(T);
}

// Appends the documents of split `s` stored in `payload` (a split file's, read from `path`)
// to `into` and returns the split's tally. Throws IoError, leaving `into` unchanged, when the
// payload is for another split or its parts do not add up.
SplitTally append_split_payload(std::string_view payload, const std::string& path,
                                const std::string& file, const Split& split, std::uint32_t s,
                                SketchResult& into) {
  const auto damaged = [&path](const std::string& why) {
    return IoError(path + ": damaged split sketch (" + why + ")");
  };
  std::uint64_t archived_size = 0;
  if (payload.size() < sizeof archived_size) throw damaged("no header");
  std::memcpy(&archived_size, payload.data(), sizeof archived_size);
  if (archived_size > payload.size() - sizeof archived_size) throw damaged("header length");
  SplitHeader header;
  {
    std::istringstream in(std::string(payload.substr(sizeof archived_size, archived_size)));
    boost::archive::binary_iarchive archive(in);
    archive >> header;
  }
  if (header.file != file || header.begin != split.begin || header.end != split.end) {
    throw IoError(path + ": holds another split (" + header.file + ")");
  }
  const std::uint64_t n = header.documents;
  if (header.sketch_words != into.docs.sketch_words) throw damaged("sketch size");
  if (!header.doc_ids.empty() && header.doc_ids.size() != n) throw damaged("document ids");
  // After the ids: each document's offset, length, feature count and sketch, array by array.
  const std::uint64_t table_bytes = n * (sizeof(std::uint64_t) + 2 * sizeof(std::uint32_t) +
                                         header.sketch_words * sizeof(std::uint32_t));
  std::size_t at = sizeof archived_size + archived_size;
  if (payload.size() - at !=
      n * sizeof(DocId) + table_bytes + header.id_keys * sizeof(IdKey) + header.doc_ids.size()) {
    throw damaged("array lengths");
  }
  // Ids and id keys are read (and checked) first, so a damaged file leaves `into` unchanged.
  std::vector<DocId> ids;
  append_raw(ids, payload, at, n);
  std::size_t tables_at = at;
  at += table_bytes;
  std::vector<IdKey> id_keys;
  append_raw(id_keys, payload, at, header.id_keys);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::uint32_t line = line_of(ids[i]);
    if (line >= header.tally.lines || (i > 0 && line <= line_of(ids[i - 1])))
      throw damaged("lines");
    ids[i] = make_doc_id(s, line);
  }
  for (IdKey& key : id_keys) {
    if (line_of(key.doc) >= header.tally.lines) throw damaged("id lines");
    key.doc = make_doc_id(s, line_of(key.doc));
  }
  LocalDocs& docs = into.docs;
  docs.ids.insert(docs.ids.end(), ids.begin(), ids.end());
  append_raw(docs.offsets, payload, tables_at, n);
  append_raw(docs.lengths, payload, tables_at, n);
  append_raw(docs.features, payload, tables_at, n);
  append_raw(docs.sketches, payload, tables_at, n * header.sketch_words);
  into.id_keys.insert(into.id_keys.end(), id_keys.begin(), id_keys.end());
  append_raw(into.has_doc_id, payload, at, header.doc_ids.size());
  for (std::string& id : header.doc_ids) into.doc_ids.push_back(std::move(id));
  return std::move(header.tally);
}

template <class T>
std::string to_text(const T& value) {
  std::ostringstream out;
  {
    boost::archive::text_oarchive archive(out);
    archive << value;
  }
  return out.str();
}

std::string hex128(XXH128_hash_t h) {
  char text[40];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return text;
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

std::string part_path(const std::string& dir, const std::string& name, int rank) {
  char file[96];
  std::snprintf(file, sizeof file, "%s-%05d.part", name.c_str(), rank);
  return (fs::path(dir) / file).string();
}

}  // namespace

bool RunManifest::has_finished(const std::string& stage) const {
  return std::find(finished.begin(), finished.end(), stage) != finished.end();
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
    if (::stat(file.path.c_str(), &info) == 0) {
      stamps[f].mtime_ns =
          static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
    }
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

std::string manifest_to_text(const RunManifest& manifest) { return to_text(manifest); }

RunManifest manifest_from_text(const std::string& text) {
  RunManifest manifest;
  try {
    std::istringstream in(text);
    boost::archive::text_iarchive archive(in);
    archive >> manifest;
  } catch (const std::exception& e) {
    throw IoError(std::string("malformed checkpoint manifest: ") + e.what());
  }
  return manifest;
}

void save_manifest(const std::string& dir, const RunManifest& manifest) {
  save_checked_file((fs::path(dir) / "manifest").string(), kManifestMagic, kCheckpointVersion,
                    manifest_to_text(manifest));
}

RunManifest load_manifest(const std::string& dir) {
  const std::string path = (fs::path(dir) / "manifest").string();
  const std::string text =
      load_checked_file(path, kManifestMagic, kCheckpointVersion, "checkpoint manifest");
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

SplitFiles::SplitFiles(std::string dir, const JobPlan& plan, const std::vector<InputStamp>& stamps,
                       const std::string& sketch_parameters)
    : dir_(std::move(dir)), plan_(plan) {
  keys_.reserve(plan.splits.size());
  for (const Split& split : plan.splits) {
    const InputStamp& stamp = stamps[split.file];
    std::string identity = sketch_parameters;
    identity += '\0';
    identity += stamp.path;
    identity += '\0';
    for (const std::uint64_t v : {stamp.size, static_cast<std::uint64_t>(stamp.mtime_ns),
                                  stamp.fingerprint, split.begin, split.end}) {
      identity.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    keys_.push_back(hex128(XXH3_128bits(identity.data(), identity.size())));
  }
}

std::string SplitFiles::path_of(std::uint32_t s) const {
  return (fs::path(dir_) / ("split-" + keys_[s] + ".sketch")).string();
}

std::optional<SplitTally> SplitFiles::load(std::uint32_t s, SketchResult& into) {
  const std::string path = path_of(s);
  std::error_code error;
  if (!fs::exists(path, error)) return std::nullopt;
  try {
    const std::string payload = load_checked_file(path, kSplitMagic, kSplitVersion, "split sketch");
    const Split& split = plan_.splits[s];
    return append_split_payload(payload, path, plan_.files[split.file].path, split, s, into);
  } catch (const std::exception& e) {
    ++damaged_;
    log_warn(std::string(e.what()) + "; sketching the split again");
    return std::nullopt;
  }
}

void SplitFiles::save(std::uint32_t s, const SplitTally& tally, const SplitDocsView& docs) {
  const Split& split = plan_.splits[s];
  SplitHeader header;
  header.file = plan_.files[split.file].path;
  header.begin = split.begin;
  header.end = split.end;
  header.tally = tally;
  header.documents = docs.ids.size();
  header.id_keys = docs.id_keys.size();
  header.sketch_words = docs.sketch_words;
  header.doc_ids.assign(docs.doc_ids.begin(), docs.doc_ids.end());
  std::ostringstream out;
  {
    boost::archive::binary_oarchive archive(out);
    archive << header;
  }
  const std::string archived = std::move(out).str();
  const std::uint64_t archived_size = archived.size();
  const std::array<std::string_view, 9> pieces = {bytes_of(std::span(&archived_size, 1)),
                                                  archived,
                                                  bytes_of(docs.ids),
                                                  bytes_of(docs.offsets),
                                                  bytes_of(docs.lengths),
                                                  bytes_of(docs.features),
                                                  bytes_of(docs.sketches),
                                                  bytes_of(docs.id_keys),
                                                  bytes_of(docs.has_doc_id)};
  // Not synced: most of a checkpoint's bytes, and a split file a crash tore is refused by its
  // checksum at load and sketched again.
  save_checked_file(path_of(s), kSplitMagic, kSplitVersion, pieces, SyncOnCommit::kNo);
}

void save_stage_part_bytes(const std::string& dir, const std::string& name, int rank,
                           std::string_view bytes) {
  save_checked_file(part_path(dir, name, rank), kPartMagic, kCheckpointVersion, bytes);
}

std::string load_stage_parts_bytes(const std::string& dir, const std::string& name, int part_ranks,
                                   int rank, int ranks) {
  std::string bytes;
  for (int part = rank; part < part_ranks; part += ranks) {
    bytes += load_checked_file(part_path(dir, name, part), kPartMagic, kCheckpointVersion,
                               "checkpoint part");
  }
  return bytes;
}

}  // namespace neardup
