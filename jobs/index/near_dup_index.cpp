// A persistent near-duplicate index: segments of sorted, memory-mapped SimHash tables or
// MinHash band tables with their sketches and ids; written by `index build/add`, read by query.
#include "jobs/index/near_dup_index.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "core/lsh/band_keys.hpp"
#include "core/lsh/lsh_params.hpp"
#include "core/sketch/jaccard.hpp"
#include "core/sketch/minhash.hpp"
#include "core/sketch/minhash_kernels.hpp"
#include "core/tables/key_table.hpp"
#include "core/tables/permuted_tables.hpp"
#include "io/io_error.hpp"
#include "jobs/index/packed_tables.hpp"
#include "jobs/options/minhash_options.hpp"
#include "jobs/stages/sketchers.hpp"

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

unsigned sketch_words(const IndexMeta& meta) { return is_simhash(meta) ? 2 : meta.num_perm; }

constexpr const char* kShinglesFile = "shingles.u64";
constexpr const char* kShingleOffsetsFile = "shingles.off";

unsigned table_count(const IndexMeta& meta) {
  return is_simhash(meta) ? PermutedTables({meta.max_distance, meta.blocks}).size() : meta.bands;
}

// Writes `count` flat tables KIND-TTT.keys and .docs (see KeyTableView) of `docs` documents,
// document d's key in table t being key(t, d), and appends their records to `files`.
void write_flat_tables(const std::string& dir, const char* kind, unsigned count, std::size_t docs,
                       std::vector<IndexFile>& files,
                       const std::function<std::uint64_t(unsigned, std::size_t)>& key) {
  std::vector<std::uint64_t> keys(docs);
  std::vector<std::uint32_t> numbers(docs);
  for (unsigned t = 0; t < count; ++t) {
    for (std::size_t d = 0; d < docs; ++d) {
      keys[d] = key(t, d);
      numbers[d] = static_cast<std::uint32_t>(d);
    }
    sort_key_table(keys, numbers);
    files.push_back(write_index_array(dir, index_table_file(kind, t, "keys"), keys));
    files.push_back(write_index_array(dir, index_table_file(kind, t, "docs"), numbers));
  }
}

// Every document's band keys, document after document (meta.bands each).
std::vector<std::uint64_t> all_band_keys(const IndexMeta& meta,
                                         std::span<const std::uint32_t> sketches,
                                         std::size_t docs) {
  const BandLayout layout{meta.bands, meta.rows};
  std::vector<std::uint64_t> all(docs * meta.bands);
  for (std::size_t d = 0; d < docs; ++d) {
    band_keys(sketches.subspan(d * meta.num_perm, meta.num_perm), layout,
              std::span(all).subspan(d * meta.bands, meta.bands));
  }
  return all;
}

}  // namespace

std::uint64_t shingle_bytes(const IndexSegment& segment) {
  std::uint64_t bytes = 0;
  for (const IndexFile& f : segment.files) {
    if (f.name == kShinglesFile || f.name == kShingleOffsetsFile) bytes += f.bytes;
  }
  return bytes;
}

const char* index_rule(const IndexMeta& meta) {
  if (meta.store_shingles) return "exact";
  return is_simhash(meta) ? "hamming" : "estimate";
}

std::unique_ptr<Sketcher> make_index_sketcher(const IndexMeta& meta) {
  if (is_simhash(meta)) {
    return std::make_unique<SimhashSketcher>(simhash_spec(meta), index_tokenizer(meta));
  }
  if (meta.method == "minhash") {
    return std::make_unique<MinhashSketcher>(
        meta.num_perm, meta.seed, index_shingle_spec(meta), index_tokenizer(meta),
        best_minhash_kernel(), meta.sketch == static_cast<unsigned>(SignatureKind::kOph));
  }
  throw IoError("index method '" + meta.method + "' is unknown");
}

ShingleSpec index_shingle_spec(const IndexMeta& meta) {
  return {static_cast<ShingleKind>(meta.shingle_kind), meta.ngram};
}

TokenizerKind index_tokenizer(const IndexMeta& meta) {
  return meta.tokenizer == static_cast<unsigned>(TokenizerKind::kAscii) ? TokenizerKind::kAscii
                                                                        : TokenizerKind::kUnicode;
}

ShingleRecordingSketcher::ShingleRecordingSketcher(Sketcher& inner, const ShingleSpec& spec,
                                                   TokenizerKind tokenizer, const std::string& dir)
    : inner_(inner), spec_(spec), tokenizer_(tokenizer) {
  try {
    file_ = std::make_unique<IndexFileWriter>(dir, kShinglesFile);
  } catch (const IoError& e) {
    error_ = e.what();
  }
}

std::uint32_t ShingleRecordingSketcher::sketch(std::string_view text,
                                               std::span<std::uint32_t> out) {
  const std::uint32_t features = inner_.sketch(text, out);
  if (features == 0 || !error_.empty()) return features;
  tokenizer_.tokenize(text, tokens_);
  shingle_set_of(tokens_, spec_, set_, scratch_);
  try {
    file_->write({reinterpret_cast<const char*>(set_.data()), set_.size() * sizeof(set_[0])});
  } catch (const IoError& e) {
    error_ = e.what();
    file_.reset();
  }
  offsets_.push_back(offsets_.back() + set_.size());
  return features;
}

IndexFile ShingleRecordingSketcher::finish() {
  if (!error_.empty() || offsets_.size() == 1) {
    file_.reset();
    return {};
  }
  try {
    return file_->finish();
  } catch (const IoError& e) {
    error_ = e.what();
    return {};
  }
}

IndexSegment write_index_segment(const std::string& index_dir, const std::string& segment_dir,
                                 const IndexMeta& meta, const SegmentDocs& batch) {
  const std::string dir = (std::filesystem::path(index_dir) / segment_dir).string();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw IoError(dir + ": cannot create: " + error.message());
  const std::size_t docs = batch.ids.size();
  const std::span<const std::uint32_t> sketches = batch.sketches;
  IndexSegment segment{segment_dir, docs, {}};
  segment.files.push_back(write_index_array(dir, "sketch.u32", batch.sketches));
  std::vector<std::uint64_t> offsets = {0};
  std::string id_text;
  for (const std::string& id : batch.ids) {
    id_text += id;
    offsets.push_back(id_text.size());
  }
  segment.files.push_back(write_index_array(dir, "ids.off", offsets));
  segment.files.push_back(write_index_file(dir, "ids.txt", {id_text.data(), id_text.size()}));
  if (is_simhash(meta) && meta.compress) {
    const std::vector<IndexFile> tables =
        write_packed_tables(dir, PermutedTables({meta.max_distance, meta.blocks}), sketches);
    segment.files.insert(segment.files.end(), tables.begin(), tables.end());
  } else if (is_simhash(meta)) {
    const PermutedTables tables({meta.max_distance, meta.blocks});
    write_flat_tables(dir, "table", tables.size(), docs, segment.files,
                      [&](unsigned t, std::size_t d) {
                        return tables.permute(t, fingerprint_of(sketches.subspan(d * 2, 2)));
                      });
  } else {
    const std::vector<std::uint64_t> keys = all_band_keys(meta, sketches, docs);
    write_flat_tables(dir, "band", meta.bands, docs, segment.files,
                      [&](unsigned b, std::size_t d) { return keys[d * meta.bands + b]; });
  }
  if (meta.store_shingles) {
    if (batch.shingle_offsets.size() != docs + 1 || batch.shingles.name != kShinglesFile) {
      throw IoError(dir + ": the shingle sets of " + std::to_string(docs) +
                    " documents were not recorded");
    }
    segment.files.push_back(write_index_array(dir, kShingleOffsetsFile, batch.shingle_offsets));
    segment.files.push_back(batch.shingles);
  }
  return segment;
}

// One segment, mapped: sketches, ids, one KeyTableView per table or band, and shingle sets.
struct NearDupIndex::Segment {
  std::vector<std::unique_ptr<MappedFile>> files;
  std::span<const std::uint32_t> sketches;
  std::span<const std::uint64_t> id_offsets;
  std::span<const char> id_text;
  std::vector<BucketedKeyTable> tables;            // flat tables, or
  std::optional<PackedTables> packed;              // compressed SimHash tables
  std::span<const std::uint64_t> shingle_offsets;  // empty unless the index stores them
  std::span<const std::uint64_t> shingles;

  std::string_view id_view(std::uint32_t doc) const {
    return {id_text.data() + id_offsets[doc], id_offsets[doc + 1] - id_offsets[doc]};
  }
  std::string id(std::uint32_t doc) const { return std::string(id_view(doc)); }
  std::span<const std::uint64_t> shingle_set(std::uint32_t doc) const {
    return shingles.subspan(shingle_offsets[doc], shingle_offsets[doc + 1] - shingle_offsets[doc]);
  }
};

NearDupIndex::NearDupIndex(const std::string& index_dir)
    : meta_(load_index_meta(index_dir)),
      sketcher_(make_index_sketcher(meta_)),
      min_agree_(is_simhash(meta_) ? 0
                 : exact()         ? sketch_filter_min_agree(meta_.threshold, meta_.num_perm)
                                   : min_agreeing_entries(meta_.threshold, meta_.num_perm,
                                                          meta_.pass_at_threshold)),
      tokenizer_(index_tokenizer(meta_)) {
  if (is_simhash(meta_)) tables_.emplace(TableDesign{meta_.max_distance, meta_.blocks});
  for (const IndexSegment& record : meta_.segments) {
    segments_.push_back(
        open_segment((std::filesystem::path(index_dir) / record.dir).string(), record));
  }
}

std::unique_ptr<NearDupIndex::Segment> NearDupIndex::open_segment(
    const std::string& dir, const IndexSegment& record) const {
  const unsigned words = sketch_words(meta_);
  const unsigned tables = table_count(meta_);
  const std::size_t table_files = meta_.compress ? packed_table_files(tables) : 2 * tables;
  const std::size_t expected = 3 + table_files + (exact() ? 2 : 0);
  if (record.files.size() != expected) {
    throw IoError(dir + ": segment lists " + std::to_string(record.files.size()) +
                  " files, expected " + std::to_string(expected));
  }
  auto segment = std::make_unique<Segment>();
  for (const IndexFile& file : record.files) {
    segment->files.push_back(std::make_unique<MappedFile>(dir, file));
  }
  segment->sketches = segment->files[0]->as<std::uint32_t>();
  segment->id_offsets = segment->files[1]->as<std::uint64_t>();
  segment->id_text = segment->files[2]->as<char>();
  bool consistent = segment->sketches.size() == record.docs * words &&
                    segment->id_offsets.size() == record.docs + 1 &&
                    segment->id_offsets.back() == segment->id_text.size();
  if (exact()) {
    segment->shingle_offsets = segment->files[expected - 2]->as<std::uint64_t>();
    segment->shingles = segment->files[expected - 1]->as<std::uint64_t>();
    consistent = consistent && segment->shingle_offsets.size() == record.docs + 1 &&
                 std::is_sorted(segment->shingle_offsets.begin(), segment->shingle_offsets.end()) &&
                 segment->shingle_offsets.back() == segment->shingles.size();
  }
  const auto corrupt = [&] {
    return IoError(dir + ": segment files disagree with the index metadata (corrupt)");
  };
  if (!consistent) throw corrupt();
  const std::span<const std::unique_ptr<MappedFile>> files = segment->files;
  if (meta_.compress) {
    segment->packed.emplace(dir, files.subspan(3, table_files),
                            std::span(record.files).subspan(3, table_files), *tables_,
                            segment->sketches);
  }
  for (unsigned t = 0; t < tables && !meta_.compress; ++t) {
    const KeyTableView table{segment->files[3 + 2 * t]->as<std::uint64_t>(),
                             segment->files[4 + 2 * t]->as<std::uint32_t>()};
    if (table.keys.size() != record.docs || !is_key_table_sorted(table)) throw corrupt();
    segment->tables.emplace_back(table);
  }
  return segment;
}

NearDupIndex::~NearDupIndex() = default;

bool NearDupIndex::sketch(std::string_view text, std::vector<std::uint32_t>& out,
                          std::vector<std::uint64_t>& shingles) {
  out.resize(sketch_words(meta_));
  if (sketcher_->sketch(text, out) == 0) return false;
  if (exact()) {
    tokenizer_.tokenize(text, tokens_);
    shingle_set_of(tokens_, index_shingle_spec(meta_), shingles, scratch_);
  }
  return true;
}

bool NearDupIndex::close(std::span<const std::uint32_t> a,
                         std::span<const std::uint64_t> a_shingles,
                         std::span<const std::uint32_t> b,
                         std::span<const std::uint64_t> b_shingles, IndexMatch& match) const {
  bool candidate = false;
  if (is_simhash(meta_)) {
    match.distance = static_cast<unsigned>(std::popcount(fingerprint_of(a) ^ fingerprint_of(b)));
    match.similarity = 1.0 - match.distance / 64.0;
    candidate = match.distance <= meta_.max_distance;
  } else {
    const unsigned agree = agreeing_entries(a, b);
    match.distance = 0;
    match.similarity = static_cast<double>(agree) / meta_.num_perm;
    candidate = agree >= min_agree_;
  }
  return candidate && (!exact() || passes_exact(a_shingles, b_shingles, match.similarity));
}

bool NearDupIndex::passes_exact(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                                double& similarity) const {
  similarity = exact_jaccard(a, b);
  return similarity >= meta_.threshold;
}

std::vector<IndexCandidate> NearDupIndex::candidates(std::span<const std::uint32_t> sketch) const {
  return is_simhash(meta_) ? simhash_candidates(sketch) : minhash_candidates(sketch);
}

std::vector<IndexCandidate> NearDupIndex::simhash_candidates(
    std::span<const std::uint32_t> sketch) const {
  std::vector<IndexCandidate> found;
  const PermutedTables& tables = *tables_;
  const std::uint64_t fp = fingerprint_of(sketch);
  std::vector<std::uint64_t> keys(tables.size());
  std::vector<unsigned> bits(tables.size());
  for (unsigned t = 0; t < tables.size(); ++t) {
    keys[t] = tables.permute(t, fp);
    bits[t] = tables.key_bits(t);
  }
  std::vector<std::pair<std::size_t, std::size_t>> ranges(tables.size());
  for (std::uint32_t s = 0; s < segments_.size(); ++s) {
    const Segment& segment = *segments_[s];
    if (segment.packed) {
      prefix_ranges(segment.packed->tables(), keys, bits, ranges);
      add_packed_candidates(s, fp, keys, bits, ranges, found);
    } else {
      prefix_ranges(segment.tables, keys, bits, ranges);
      add_flat_candidates(s, fp, ranges, found);
    }
  }
  return found;
}

std::optional<unsigned> NearDupIndex::reported_distance(unsigned t, std::uint64_t fp,
                                                        std::uint64_t other) const {
  const auto distance = static_cast<unsigned>(std::popcount(fp ^ other));
  if (distance > meta_.max_distance || tables_->first_shared_table(fp, other) != t) return {};
  return distance;
}

void NearDupIndex::add_flat_candidates(std::uint32_t s, std::uint64_t fp,
                                       std::span<const std::pair<std::size_t, std::size_t>> ranges,
                                       std::vector<IndexCandidate>& found) const {
  const std::vector<BucketedKeyTable>& tables = segments_[s]->tables;
  for (unsigned t = 0; t < tables.size(); ++t) {
    for (std::size_t i = ranges[t].first; i < ranges[t].second; ++i) {
      const std::uint64_t other = tables_->unpermute(t, tables[t].view().keys[i]);
      if (const auto distance = reported_distance(t, fp, other)) {
        found.push_back({s, tables[t].view().docs[i], *distance, 1.0 - *distance / 64.0});
      }
    }
  }
}

void NearDupIndex::add_packed_candidates(
    std::uint32_t s, std::uint64_t fp, std::span<const std::uint64_t> keys,
    std::span<const unsigned> bits, std::span<const std::pair<std::size_t, std::size_t>> ranges,
    std::vector<IndexCandidate>& found) const {
  const PackedTables& packed = *segments_[s]->packed;
  for (unsigned t = 0; t < packed.tables().size(); ++t) {
    std::uint64_t previous = 0;
    packed.tables()[t].for_each_key(ranges[t], keys[t], bits[t], [&](std::size_t i, auto key) {
      // Equal keys are one fingerprint, whose documents docs_of lists at once.
      if (i > ranges[t].first && key == previous) return;
      previous = key;
      const std::uint64_t other = tables_->unpermute(t, key);
      if (const auto distance = reported_distance(t, fp, other)) {
        for (const std::uint32_t doc : packed.docs_of(*tables_, other)) {
          found.push_back({s, doc, *distance, 1.0 - *distance / 64.0});
        }
      }
    });
  }
}

std::vector<IndexCandidate> NearDupIndex::minhash_candidates(
    std::span<const std::uint32_t> sketch) const {
  std::vector<IndexCandidate> found;
  const unsigned words = sketch_words(meta_);
  std::vector<std::uint64_t> keys(meta_.bands);
  band_keys(sketch, {meta_.bands, meta_.rows}, keys);
  const std::vector<unsigned> bits(meta_.bands, 64);
  std::vector<std::pair<std::size_t, std::size_t>> ranges(meta_.bands);
  std::vector<std::uint32_t> docs;
  for (std::uint32_t s = 0; s < segments_.size(); ++s) {
    const Segment& segment = *segments_[s];
    prefix_ranges(segment.tables, keys, bits, ranges);
    docs.clear();
    for (unsigned b = 0; b < meta_.bands; ++b) {
      const auto [first, last] = ranges[b];
      const std::span<const std::uint32_t> table_docs = segment.tables[b].view().docs;
      docs.insert(docs.end(), table_docs.begin() + static_cast<std::ptrdiff_t>(first),
                  table_docs.begin() + static_cast<std::ptrdiff_t>(last));
    }
    std::sort(docs.begin(), docs.end());
    docs.erase(std::unique(docs.begin(), docs.end()), docs.end());
    for (const std::uint32_t doc : docs) {
      const unsigned agree =
          agreeing_entries(sketch, segment.sketches.subspan(std::size_t{doc} * words, words));
      if (agree >= min_agree_) {
        found.push_back({s, doc, 0, static_cast<double>(agree) / meta_.num_perm});
      }
    }
  }
  return found;
}

bool NearDupIndex::passes(const IndexCandidate& candidate, std::span<const std::uint64_t> shingles,
                          IndexMatch& match) const {
  const Segment& segment = *segments_[candidate.segment];
  double similarity = candidate.similarity;
  if (exact() && !passes_exact(shingles, segment.shingle_set(candidate.doc), similarity)) {
    return false;
  }
  match = {segment.id(candidate.doc), candidate.distance, similarity};
  return true;
}

std::vector<IndexMatch> NearDupIndex::verify(const std::vector<IndexCandidate>& candidates,
                                             std::span<const std::uint64_t> shingles) const {
  std::vector<IndexMatch> matches;
  IndexMatch match;
  for (const IndexCandidate& c : candidates) {
    if (passes(c, shingles, match)) matches.push_back(std::move(match));
  }
  const bool by_distance = is_simhash(meta_) && !exact();
  std::sort(matches.begin(), matches.end(),
            [by_distance](const IndexMatch& x, const IndexMatch& y) {
              if (by_distance && x.distance != y.distance) return x.distance < y.distance;
              if (!by_distance && x.similarity != y.similarity) return x.similarity > y.similarity;
              return x.id < y.id;
            });
  return matches;
}

namespace {

// A candidate with its place in the closest-first order: higher sketch similarity first; ties
// by a hash of the id (then the id), so the order does not depend on how the index's segments
// were cut.
struct Ranked {
  double similarity;
  std::size_t id_hash;
  std::string_view id;
  const IndexCandidate* candidate;
};

// Whether x comes after y in the closest-first order.
bool after(const Ranked& x, const Ranked& y) {
  if (x.similarity != y.similarity) return x.similarity < y.similarity;
  return x.id_hash != y.id_hash ? x.id_hash > y.id_hash : x.id > y.id;
}

}  // namespace

std::vector<IndexCandidate> NearDupIndex::closest_candidates(
    const std::vector<IndexCandidate>& candidates, std::size_t count) const {
  std::vector<Ranked> ranked;
  ranked.reserve(candidates.size());
  for (const IndexCandidate& c : candidates) {
    const std::string_view id = segments_[c.segment]->id_view(c.doc);
    ranked.push_back({c.similarity, std::hash<std::string_view>{}(id), id, &c});
  }
  count = std::min(count, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(count),
                    ranked.end(), [](const Ranked& x, const Ranked& y) { return after(y, x); });
  std::vector<IndexCandidate> closest;
  for (std::size_t i = 0; i < count; ++i) closest.push_back(*ranked[i].candidate);
  return closest;
}

std::optional<IndexMatch> NearDupIndex::closest_match(
    const std::vector<IndexCandidate>& candidates, std::span<const std::uint64_t> shingles) const {
  IndexMatch match;
  for (const IndexCandidate& c : closest_candidates(candidates, candidates.size())) {
    if (passes(c, shingles, match)) return match;
  }
  return std::nullopt;
}

std::vector<IndexMatch> NearDupIndex::query(std::span<const std::uint32_t> sketch,
                                            std::span<const std::uint64_t> shingles) const {
  return verify(candidates(sketch), shingles);
}

}  // namespace neardup
