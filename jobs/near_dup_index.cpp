// A persistent near-duplicate index: segments of sorted, memory-mapped SimHash tables or
// MinHash band tables with their sketches and ids; written by `index build/add`, read by query.
#include "jobs/near_dup_index.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>

#include "core/band_keys.hpp"
#include "core/key_table.hpp"
#include "core/lsh_params.hpp"
#include "core/minhash.hpp"
#include "core/permuted_tables.hpp"
#include "io/io_error.hpp"
#include "jobs/sketchers.hpp"

namespace neardup {
namespace {

bool is_simhash(const IndexMeta& meta) { return meta.method == "simhash"; }

SimhashSpec simhash_spec(const IndexMeta& meta) {
  SimhashSpec spec;
  spec.features = static_cast<SimhashFeatures>(meta.features);
  spec.weight = static_cast<SimhashWeight>(meta.weight);
  spec.shingle_n = meta.shingle_n;
  spec.char_n = meta.char_n;
  return spec;
}

std::string table_name(const char* kind, unsigned t, const char* suffix) {
  char name[64];
  std::snprintf(name, sizeof name, "%s-%03u.%s", kind, t, suffix);
  return name;
}

template <class T>
std::span<const char> bytes_of(const std::vector<T>& v) {
  return {reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T)};
}

unsigned sketch_words(const IndexMeta& meta) { return is_simhash(meta) ? 2 : meta.num_perm; }

unsigned table_count(const IndexMeta& meta) {
  return is_simhash(meta) ? PermutedTables({meta.max_distance, meta.blocks}).size() : meta.bands;
}

}  // namespace

std::unique_ptr<Sketcher> make_index_sketcher(const IndexMeta& meta) {
  if (is_simhash(meta)) return std::make_unique<SimhashSketcher>(simhash_spec(meta));
  if (meta.method == "minhash") {
    return std::make_unique<MinhashSketcher>(
        meta.num_perm, meta.seed,
        ShingleSpec{static_cast<ShingleKind>(meta.shingle_kind), meta.ngram});
  }
  throw IoError("index method '" + meta.method + "' is unknown");
}

IndexSegment write_index_segment(const std::string& index_dir, const std::string& segment_dir,
                                 const IndexMeta& meta, std::span<const std::uint32_t> sketches,
                                 const std::vector<std::string>& ids) {
  const std::string dir = (std::filesystem::path(index_dir) / segment_dir).string();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw IoError(dir + ": cannot create: " + error.message());
  const unsigned words = sketch_words(meta);
  const std::size_t docs = ids.size();
  IndexSegment segment{segment_dir, docs, {}};
  segment.files.push_back(write_index_file(
      dir, "sketch.u32",
      {reinterpret_cast<const char*>(sketches.data()), sketches.size() * sizeof(std::uint32_t)}));
  std::vector<std::uint64_t> offsets = {0};
  std::string id_text;
  for (const std::string& id : ids) {
    id_text += id;
    offsets.push_back(id_text.size());
  }
  segment.files.push_back(write_index_file(dir, "ids.off", bytes_of(offsets)));
  segment.files.push_back(write_index_file(dir, "ids.txt", {id_text.data(), id_text.size()}));
  std::vector<std::uint64_t> keys(docs);
  std::vector<std::uint32_t> numbers(docs);
  if (is_simhash(meta)) {
    const PermutedTables tables({meta.max_distance, meta.blocks});
    for (unsigned t = 0; t < tables.size(); ++t) {
      for (std::size_t d = 0; d < docs; ++d) {
        keys[d] = tables.permute(t, fingerprint_of(sketches.subspan(d * words, words)));
        numbers[d] = static_cast<std::uint32_t>(d);
      }
      sort_key_table(keys, numbers);
      segment.files.push_back(
          write_index_file(dir, table_name("table", t, "keys"), bytes_of(keys)));
      segment.files.push_back(
          write_index_file(dir, table_name("table", t, "docs"), bytes_of(numbers)));
    }
  } else {
    const BandLayout layout{meta.bands, meta.rows};
    std::vector<std::uint64_t> band(meta.bands);
    std::vector<std::uint64_t> all(docs * meta.bands);
    for (std::size_t d = 0; d < docs; ++d) {
      band_keys(sketches.subspan(d * words, words), layout, band);
      std::copy(band.begin(), band.end(),
                all.begin() + static_cast<std::ptrdiff_t>(d * meta.bands));
    }
    for (unsigned b = 0; b < meta.bands; ++b) {
      for (std::size_t d = 0; d < docs; ++d) {
        keys[d] = all[d * meta.bands + b];
        numbers[d] = static_cast<std::uint32_t>(d);
      }
      sort_key_table(keys, numbers);
      segment.files.push_back(write_index_file(dir, table_name("band", b, "keys"), bytes_of(keys)));
      segment.files.push_back(
          write_index_file(dir, table_name("band", b, "docs"), bytes_of(numbers)));
    }
  }
  return segment;
}

// One segment, mapped: sketches, ids and one KeyTableView per table or band.
struct NearDupIndex::Segment {
  std::vector<std::unique_ptr<MappedFile>> files;
  std::span<const std::uint32_t> sketches;
  std::span<const std::uint64_t> id_offsets;
  std::span<const char> id_text;
  std::vector<KeyTableView> tables;

  std::string id(std::uint32_t doc) const {
    return std::string(id_text.data() + id_offsets[doc], id_offsets[doc + 1] - id_offsets[doc]);
  }
};

NearDupIndex::NearDupIndex(const std::string& index_dir)
    : meta_(load_index_meta(index_dir)), sketcher_(make_index_sketcher(meta_)) {
  const unsigned words = sketch_words(meta_);
  const unsigned tables = table_count(meta_);
  for (const IndexSegment& record : meta_.segments) {
    const std::string dir = (std::filesystem::path(index_dir) / record.dir).string();
    if (record.files.size() != 3 + 2 * static_cast<std::size_t>(tables)) {
      throw IoError(dir + ": segment lists " + std::to_string(record.files.size()) +
                    " files, expected " + std::to_string(3 + 2 * tables));
    }
    auto segment = std::make_unique<Segment>();
    for (const IndexFile& file : record.files) {
      segment->files.push_back(std::make_unique<MappedFile>(dir, file));
    }
    segment->sketches = segment->files[0]->as<std::uint32_t>();
    segment->id_offsets = segment->files[1]->as<std::uint64_t>();
    segment->id_text = segment->files[2]->as<char>();
    const bool consistent = segment->sketches.size() == record.docs * words &&
                            segment->id_offsets.size() == record.docs + 1 &&
                            segment->id_offsets.back() == segment->id_text.size();
    for (unsigned t = 0; t < tables; ++t) {
      const KeyTableView table{segment->files[3 + 2 * t]->as<std::uint64_t>(),
                               segment->files[4 + 2 * t]->as<std::uint32_t>()};
      if (!consistent || table.keys.size() != record.docs || !is_key_table_sorted(table)) {
        throw IoError(dir + ": segment files disagree with the index metadata (corrupt)");
      }
      segment->tables.push_back(table);
    }
    segments_.push_back(std::move(segment));
  }
}

NearDupIndex::~NearDupIndex() = default;

bool NearDupIndex::sketch(std::string_view text, std::vector<std::uint32_t>& out) {
  out.resize(sketch_words(meta_));
  return sketcher_->sketch(text, out) != 0;
}

bool NearDupIndex::close(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                         IndexMatch& match) const {
  if (is_simhash(meta_)) {
    match.distance = static_cast<unsigned>(std::popcount(fingerprint_of(a) ^ fingerprint_of(b)));
    match.similarity = 1.0 - match.distance / 64.0;
    return match.distance <= meta_.max_distance;
  }
  const unsigned agree = agreeing_entries(a, b);
  match.distance = 0;
  match.similarity = static_cast<double>(agree) / meta_.num_perm;
  return agree >= min_agreeing_entries(meta_.threshold, meta_.num_perm, meta_.pass_at_threshold);
}

std::vector<IndexMatch> NearDupIndex::query(std::span<const std::uint32_t> sketch) const {
  std::vector<IndexMatch> matches;
  const unsigned words = sketch_words(meta_);
  IndexMatch match;
  if (is_simhash(meta_)) {
    const PermutedTables tables({meta_.max_distance, meta_.blocks});
    const std::uint64_t fp = fingerprint_of(sketch);
    for (const auto& segment : segments_) {
      for (unsigned t = 0; t < tables.size(); ++t) {
        const KeyTableView& table = segment->tables[t];
        const auto [first, last] = table.prefix_range(tables.permute(t, fp), tables.key_bits(t));
        for (std::size_t i = first; i < last; ++i) {
          const std::uint64_t other = tables.unpermute(t, table.keys[i]);
          const auto distance = static_cast<unsigned>(std::popcount(fp ^ other));
          if (distance <= meta_.max_distance && tables.first_shared_table(fp, other) == t) {
            matches.push_back({segment->id(table.docs[i]), distance, 1.0 - distance / 64.0});
          }
        }
      }
    }
    std::sort(matches.begin(), matches.end(), [](const IndexMatch& x, const IndexMatch& y) {
      return x.distance != y.distance ? x.distance < y.distance : x.id < y.id;
    });
    return matches;
  }
  std::vector<std::uint64_t> keys(meta_.bands);
  band_keys(sketch, {meta_.bands, meta_.rows}, keys);
  std::vector<std::uint32_t> candidates;
  for (const auto& segment : segments_) {
    candidates.clear();
    for (unsigned b = 0; b < meta_.bands; ++b) {
      const KeyTableView& table = segment->tables[b];
      const auto [first, last] = table.prefix_range(keys[b], 64);
      candidates.insert(candidates.end(), table.docs.begin() + static_cast<std::ptrdiff_t>(first),
                        table.docs.begin() + static_cast<std::ptrdiff_t>(last));
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    for (const std::uint32_t doc : candidates) {
      if (close(sketch, segment->sketches.subspan(std::size_t{doc} * words, words), match)) {
        matches.push_back({segment->id(doc), 0, match.similarity});
      }
    }
  }
  std::sort(matches.begin(), matches.end(), [](const IndexMatch& x, const IndexMatch& y) {
    return x.similarity != y.similarity ? x.similarity > y.similarity : x.id < y.id;
  });
  return matches;
}

}  // namespace neardup
