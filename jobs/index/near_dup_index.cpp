// A persistent near-duplicate index: segments of memory-mapped sketches, ids, shingle sets and
// the method's tables (IndexMethod); written by `index build/add`, read by query and
// --reference.
#include "jobs/index/near_dup_index.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "core/sketch/jaccard.hpp"
#include "io/io_error.hpp"

namespace neardup {
namespace {

constexpr const char* kShinglesFile = "shingles.u64";
constexpr const char* kShingleOffsetsFile = "shingles.off";

}  // namespace

std::uint64_t shingle_bytes(const IndexSegment& segment) {
  std::uint64_t bytes = 0;
  for (const IndexFile& f : segment.files) {
    if (f.name == kShinglesFile || f.name == kShingleOffsetsFile) bytes += f.bytes;
  }
  return bytes;
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
  const std::vector<IndexFile> tables =
      make_index_method(meta.sketch)->write_tables(dir, batch.sketches, docs);
  segment.files.insert(segment.files.end(), tables.begin(), tables.end());
  if (meta.sketch.store_shingles) {
    if (batch.shingle_offsets.size() != docs + 1 || batch.shingles.name != kShinglesFile) {
      throw IoError(dir + ": the shingle sets of " + std::to_string(docs) +
                    " documents were not recorded");
    }
    segment.files.push_back(write_index_array(dir, kShingleOffsetsFile, batch.shingle_offsets));
    segment.files.push_back(batch.shingles);
  }
  return segment;
}

// One segment, mapped: sketches, ids and shingle sets (the method keeps its tables).
struct NearDupIndex::Segment {
  std::vector<std::unique_ptr<MappedFile>> files;
  std::span<const std::uint32_t> sketches;
  std::span<const std::uint64_t> id_offsets;
  std::span<const char> id_text;
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
      method_(make_index_method(meta_.sketch)),
      sketcher_(method_->make_sketcher()),
      tokenizer_(meta_.sketch.tokenizer) {
  for (const IndexSegment& record : meta_.segments) {
    segments_.push_back(
        open_segment((std::filesystem::path(index_dir) / record.dir).string(), record));
  }
}

std::unique_ptr<NearDupIndex::Segment> NearDupIndex::open_segment(const std::string& dir,
                                                                  const IndexSegment& record) {
  const unsigned words = method_->sketch_words();
  const std::size_t table_files = method_->table_files();
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
  if (!consistent)
    throw IoError(dir + ": segment files disagree with the index metadata (corrupt)");
  method_->open_segment(dir, std::span(segment->files).subspan(3, table_files),
                        std::span(record.files).subspan(3, table_files), segment->sketches,
                        record.docs);
  return segment;
}

NearDupIndex::~NearDupIndex() = default;

bool NearDupIndex::sketch(std::string_view text, std::vector<std::uint32_t>& out,
                          std::vector<std::uint64_t>& shingles) {
  out.resize(method_->sketch_words());
  if (sketcher_->sketch(text, out) == 0) return false;
  if (exact()) {
    tokenizer_.tokenize(text, tokens_);
    shingle_set_of(tokens_, meta_.sketch.shingles, shingles, scratch_);
  }
  return true;
}

bool NearDupIndex::close(std::span<const std::uint32_t> a,
                         std::span<const std::uint64_t> a_shingles,
                         std::span<const std::uint32_t> b,
                         std::span<const std::uint64_t> b_shingles, IndexMatch& match) const {
  const bool candidate = method_->candidate_pair(a, b, match);
  return candidate && (!exact() || passes_exact(a_shingles, b_shingles, match.similarity));
}

bool NearDupIndex::passes_exact(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                                double& similarity) const {
  similarity = exact_jaccard(a, b);
  return similarity >= meta_.sketch.threshold;
}

std::vector<IndexCandidate> NearDupIndex::candidates(std::span<const std::uint32_t> sketch) const {
  return method_->candidates(sketch);
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
  const bool by_distance = method_->orders_by_distance() && !exact();
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
