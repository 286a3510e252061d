// Every split's sketch kept, a unit of splits to a file named by what determines them.
#include "jobs/checkpoint/split_files.hpp"

#include <xxhash.h>

#include <algorithm>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/array.hpp>
#include <boost/serialization/is_bitwise_serializable.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "core/hosts/url_host.hpp"
#include "io/io_error.hpp"
#include "io/read/bytes_view.hpp"
#include "io/read/record_reader.hpp"
#include "io/write/checked_file.hpp"
#include "jobs/mpi/log.hpp"

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

}  // namespace boost::serialization

namespace neardup {
namespace {
namespace fs = std::filesystem;

constexpr const char* kSplitMagic = "neardup-split-sketch";

// What a split's entry in a unit file holds besides its documents' raw arrays (which follow).
struct SplitHeader {
  std::string file;  // the split: its file and byte range
  std::uint64_t begin = 0, end = 0;
  SplitTally tally;  // all but `stopped` (a stopped split is not stored)
  std::uint64_t documents = 0;
  std::uint64_t id_keys = 0;
  std::uint32_t sketch_words = 0;
  std::vector<std::string> doc_ids;                          // keep_ids only
  std::uint64_t host_ids = 0;                                // with a host field: documents, else 0
  std::vector<std::pair<std::uint64_t, std::string>> hosts;  // the split's host ids, named

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& file& begin& end& tally.lines& tally.status_counts& tally.examples& tally.bytes_read;
    ar& tally.invalid_utf8_bytes& tally.content_hash& documents& id_keys& sketch_words& doc_ids;
    ar& host_ids& hosts;
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

// Thrown when the input of a stored split sketch no longer has the content it was sketched from.
struct SplitChanged : IoError {
  using IoError::IoError;
};

// Appends the documents of split `s` stored in `payload` (a split file's, read from `path`)
// to `into` and returns the split's tally. Throws IoError, leaving `into` unchanged, when the
// payload is for another split or its parts do not add up, and SplitChanged when the split's
// content hash now (`content_hash()`, called only for an intact payload) is not the stored one.
SplitTally append_split_payload(std::string_view payload, const std::string& path,
                                const std::string& file, const Split& split, std::uint32_t s,
                                const std::function<std::uint64_t()>& content_hash,
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
    BytesView in(payload.substr(sizeof archived_size, archived_size));
    boost::archive::binary_iarchive archive(in);
    archive >> header;
  }
  if (header.file != file || header.begin != split.begin || header.end != split.end) {
    throw IoError(path + ": holds another split (" + header.file + ")");
  }
  const std::uint64_t n = header.documents;
  if (header.sketch_words != into.docs.sketch_words) throw damaged("sketch size");
  if (!header.doc_ids.empty() && header.doc_ids.size() != n) throw damaged("document ids");
  if (header.host_ids != 0 && header.host_ids != n) throw damaged("host ids");
  // After the ids: each document's offset, length, feature count and sketch, array by array.
  const std::uint64_t table_bytes = n * (sizeof(std::uint64_t) + 2 * sizeof(std::uint32_t) +
                                         header.sketch_words * sizeof(std::uint32_t));
  std::size_t at = sizeof archived_size + archived_size;
  if (payload.size() - at != n * sizeof(DocId) + table_bytes + header.id_keys * sizeof(IdKey) +
                                 header.doc_ids.size() + header.host_ids * sizeof(std::uint64_t)) {
    throw damaged("array lengths");
  }
  if (content_hash() != header.tally.content_hash) {
    throw SplitChanged(file + ": changed since its sketch was stored in " + path + " (bytes " +
                       std::to_string(split.begin) + "-" + std::to_string(split.end) +
                       " read differently)");
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
  append_raw(into.host_ids, payload, at, header.host_ids);
  for (auto& [id, name] : header.hosts) into.host_names.try_emplace(id, std::move(name));
  return std::move(header.tally);
}

// The distinct host ids of a split's documents with their names, by id.
std::vector<std::pair<std::uint64_t, std::string>> split_hosts(const SplitDocsView& docs) {
  std::vector<std::uint64_t> ids(docs.host_ids.begin(), docs.host_ids.end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::vector<std::pair<std::uint64_t, std::string>> hosts;
  for (const std::uint64_t id : ids) {
    if (is_host_id(id)) hosts.emplace_back(id, docs.host_names->at(id));
  }
  return hosts;
}

std::string hex128(const std::array<std::uint64_t, 2>& h) {
  char text[40];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(h[0]),
                static_cast<unsigned long long>(h[1]));
  return text;
}

}  // namespace

// A split's stored entry: its archived header, then its documents' arrays, as pieces over
// the rank's tables (the last split of a unit is written without joining them; the others
// are joined, copied, until their unit is written).
class SplitEntry {
 public:
  SplitEntry(const std::string& file, const Split& split, const SplitTally& tally,
             const SplitDocsView& docs) {
    SplitHeader header;
    header.file = file;
    header.begin = split.begin;
    header.end = split.end;
    header.tally = tally;
    header.documents = docs.ids.size();
    header.id_keys = docs.id_keys.size();
    header.sketch_words = docs.sketch_words;
    header.doc_ids.assign(docs.doc_ids.begin(), docs.doc_ids.end());
    header.host_ids = docs.host_ids.size();
    header.hosts = split_hosts(docs);
    std::ostringstream out;
    {
      boost::archive::binary_oarchive archive(out);
      archive << header;
    }
    archived_ = std::move(out).str();
    archived_size_ = archived_.size();
    pieces_ = {bytes_of(std::span(&archived_size_, 1)),
               archived_,
               bytes_of(docs.ids),
               bytes_of(docs.offsets),
               bytes_of(docs.lengths),
               bytes_of(docs.features),
               bytes_of(docs.sketches),
               bytes_of(docs.id_keys),
               bytes_of(docs.has_doc_id),
               bytes_of(docs.host_ids)};
  }
  SplitEntry(const SplitEntry&) = delete;
  SplitEntry& operator=(const SplitEntry&) = delete;

  std::span<const std::string_view> pieces() const { return pieces_; }

  std::string joined() const {
    std::string text;
    for (const std::string_view piece : pieces_) text += piece;
    return text;
  }

 private:
  std::uint64_t archived_size_ = 0;
  std::string archived_;
  std::array<std::string_view, 10> pieces_;
};

SplitFiles::SplitFiles(std::string dir, const JobPlan& plan, const ReadStamps& stamps,
                       std::string sketch_parameters, std::uint64_t max_record_bytes)
    : dir_(std::move(dir)),
      plan_(plan),
      stamps_(stamps),
      sketch_parameters_(std::move(sketch_parameters)),
      max_record_bytes_(max_record_bytes) {}

XXH128_hash_t SplitFiles::key_of(std::uint32_t s) const {
  const Split& split = plan_.splits[s];
  const InputStamp* stamp = stamps_.find(split.file);
  if (stamp == nullptr) throw std::logic_error("split sketch of a split read elsewhere");
  std::string identity = sketch_parameters_;
  identity += '\0';
  identity += stamp->path;
  identity += '\0';
  for (const std::uint64_t v : {stamp->size, static_cast<std::uint64_t>(stamp->mtime_ns),
                                stamp->fingerprint, split.begin, split.end}) {
    identity.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  return XXH3_128bits(identity.data(), identity.size());
}

std::string SplitFiles::path_of_unit(std::size_t u) const {
  std::vector<XXH128_hash_t> keys;
  for (std::uint32_t s = plan_.unit_begin(u); s < plan_.unit_end(u); ++s) keys.push_back(key_of(s));
  const XXH128_hash_t hash = XXH3_128bits(keys.data(), keys.size() * sizeof(XXH128_hash_t));
  return (fs::path(dir_) / ("unit-" + hex128({hash.high64, hash.low64}) + ".sketch")).string();
}

void SplitFiles::open_unit(std::size_t u) {
  unit_ = OpenUnit{};
  unit_.unit = u;
  unit_.path = path_of_unit(u);
  const std::size_t splits = plan_.unit_end(u) - plan_.unit_begin(u);
  unit_.entries.assign(splits, {});
  unit_.made.assign(splits, {});
  std::error_code error;
  if (!fs::exists(unit_.path, error)) return;
  try {
    unit_.text = load_checked_file(unit_.path, kSplitMagic, kSplitFileVersion, "split sketch");
    const std::string_view text = unit_.text;
    std::uint64_t count = 0;
    if (text.size() < sizeof count) throw IoError(unit_.path + ": damaged unit (no count)");
    std::memcpy(&count, text.data(), sizeof count);
    if (count != splits || text.size() < (count + 1) * sizeof count) {
      throw IoError(unit_.path + ": damaged unit (another number of splits)");
    }
    std::size_t at = (count + 1) * sizeof count;
    for (std::size_t i = 0; i < splits; ++i) {
      std::uint64_t size = 0;
      std::memcpy(&size, text.data() + (i + 1) * sizeof size, sizeof size);
      if (size > text.size() - at) throw IoError(unit_.path + ": damaged unit (entry length)");
      unit_.entries[i] = text.substr(at, size);
      at += size;
    }
    if (at != text.size()) throw IoError(unit_.path + ": damaged unit (trailing bytes)");
  } catch (const std::exception& e) {
    ++damaged_;
    log_warn(std::string(e.what()) + "; sketching its splits again");
    unit_.entries.assign(splits, {});
    unit_.text.clear();
  }
}

std::optional<SplitTally> SplitFiles::load(std::uint32_t s, SketchResult& into) {
  const std::size_t u = plan_.unit_of(s);
  if (unit_.unit != u) open_unit(u);
  const std::size_t i = s - plan_.unit_begin(u);
  if (unit_.entries[i].empty()) return std::nullopt;
  std::optional<SplitTally> tally;
  try {
    const Split& split = plan_.splits[s];
    const InputFile& file = plan_.files[split.file];
    const auto content_hash = [&] {
      return split_content_hash(file.path, file.format, split.begin, split.end, max_record_bytes_);
    };
    tally =
        append_split_payload(unit_.entries[i], unit_.path, file.path, split, s, content_hash, into);
  } catch (const SplitChanged& e) {
    ++changed_;
    log_warn(std::string(e.what()) + "; sketching the split again");
  } catch (const std::exception& e) {
    ++damaged_;
    log_warn(std::string(e.what()) + "; sketching the split again");
  }
  if (!tally) {
    unit_.entries[i] = {};
    return std::nullopt;
  }
  // Outside the try: the split's documents are in `into` now, and a unit file that cannot be
  // written fails the job as in save(), rather than having them sketched a second time.
  finish_split(s, nullptr);
  return tally;
}

void SplitFiles::save(std::uint32_t s, const SplitTally& tally, const SplitDocsView& docs) {
  const std::size_t u = plan_.unit_of(s);
  if (unit_.unit != u) open_unit(u);
  const SplitEntry entry(plan_.files[plan_.splits[s].file].path, plan_.splits[s], tally, docs);
  unit_.changed = true;
  finish_split(s, &entry);
}

void SplitFiles::finish_split(std::uint32_t s, const SplitEntry* entry) {
  const std::size_t i = s - plan_.unit_begin(unit_.unit);
  if (s + 1 < plan_.unit_end(unit_.unit)) {
    // Not the last: a new entry is kept, joined, until the unit is written.
    if (entry != nullptr) {
      unit_.made[i] = entry->joined();
      unit_.entries[i] = unit_.made[i];
    }
    return;
  }
  if (unit_.changed) write_unit(i, entry);
  unit_ = OpenUnit{};  // done: its file's bytes are not needed again
}

void SplitFiles::write_unit(std::size_t last, const SplitEntry* entry) const {
  std::vector<std::uint64_t> head{unit_.entries.size()};
  std::vector<std::string_view> pieces{{}};
  for (std::size_t k = 0; k < unit_.entries.size(); ++k) {
    if (k == last && entry != nullptr) {
      std::uint64_t size = 0;
      for (const std::string_view piece : entry->pieces()) size += piece.size();
      head.push_back(size);
      pieces.insert(pieces.end(), entry->pieces().begin(), entry->pieces().end());
      continue;
    }
    if (unit_.entries[k].empty()) return;  // a split not stored (stopped): nor is the unit
    head.push_back(unit_.entries[k].size());
    pieces.push_back(unit_.entries[k]);
  }
  pieces[0] = {reinterpret_cast<const char*>(head.data()), head.size() * sizeof head[0]};
  // Not synced: most of a checkpoint's bytes, and a unit file a crash tore is refused by its
  // checksum at load and its splits sketched again.
  save_checked_file(unit_.path, kSplitMagic, kSplitFileVersion, pieces, SyncOnCommit::kNo);
}

}  // namespace neardup
