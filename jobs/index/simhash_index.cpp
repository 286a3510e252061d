// A SimHash index's part: 64-bit fingerprints in Manku et al.'s permuted tables, flat or
// compressed, and the fingerprints within k bits of a query's.
#include "jobs/index/simhash_index.hpp"

#include <bit>

#include "jobs/index/flat_tables.hpp"
#include "jobs/stages/sketchers.hpp"

namespace neardup {

SimhashIndex::SimhashIndex(const IndexSketch& sketch, const SimhashIndexPart& part)
    : tokenizer_(sketch.tokenizer), part_(part), tables_(part.tables) {}

std::unique_ptr<Sketcher> SimhashIndex::make_sketcher() const {
  return std::make_unique<SimhashSketcher>(part_.features, tokenizer_);
}

std::vector<IndexFile> SimhashIndex::write_tables(const std::string& dir, SegmentSketches sketches,
                                                  std::size_t docs) const {
  if (part_.compress) return write_packed_tables(dir, tables_, sketches);
  return write_flat_tables(dir, "table", tables_.size(), docs, [&](unsigned t, std::size_t d) {
    return tables_.permute(t, fingerprint_of(sketches.subspan(d * 2, 2)));
  });
}

std::size_t SimhashIndex::table_files() const {
  return part_.compress ? packed_table_files(tables_.size()) : flat_table_files(tables_.size());
}

void SimhashIndex::open_segment(const std::string& dir,
                                std::span<const std::unique_ptr<MappedFile>> files,
                                std::span<const IndexFile> records, SegmentSketches sketches,
                                std::uint64_t docs) {
  Tables& segment = segments_.emplace_back();
  if (part_.compress) {
    segment.packed.emplace(dir, files, records, tables_, sketches);
  } else {
    segment.flat = open_flat_tables(dir, files, docs);
  }
}

std::vector<IndexCandidate> SimhashIndex::candidates(std::span<const std::uint32_t> sketch) const {
  std::vector<IndexCandidate> found;
  const std::uint64_t fp = fingerprint_of(sketch);
  std::vector<std::uint64_t> keys(tables_.size());
  std::vector<unsigned> bits(tables_.size());
  for (unsigned t = 0; t < tables_.size(); ++t) {
    keys[t] = tables_.permute(t, fp);
    bits[t] = tables_.key_bits(t);
  }
  std::vector<std::pair<std::size_t, std::size_t>> ranges(tables_.size());
  for (std::uint32_t s = 0; s < segments_.size(); ++s) {
    if (segments_[s].packed) {
      prefix_ranges(segments_[s].packed->tables(), keys, bits, ranges);
      add_packed_candidates(s, fp, keys, bits, ranges, found);
    } else {
      prefix_ranges(segments_[s].flat, keys, bits, ranges);
      add_flat_candidates(s, fp, ranges, found);
    }
  }
  return found;
}

bool SimhashIndex::candidate_pair(std::span<const std::uint32_t> a,
                                  std::span<const std::uint32_t> b, IndexMatch& match) const {
  match.distance = static_cast<unsigned>(std::popcount(fingerprint_of(a) ^ fingerprint_of(b)));
  match.similarity = 1.0 - match.distance / 64.0;
  return match.distance <= part_.tables.max_distance;
}

std::optional<unsigned> SimhashIndex::reported_distance(unsigned t, std::uint64_t fp,
                                                        std::uint64_t other) const {
  const auto distance = static_cast<unsigned>(std::popcount(fp ^ other));
  if (distance > part_.tables.max_distance || tables_.first_shared_table(fp, other) != t) {
    return {};
  }
  return distance;
}

void SimhashIndex::add_flat_candidates(std::uint32_t s, std::uint64_t fp, Ranges ranges,
                                       std::vector<IndexCandidate>& found) const {
  const std::vector<BucketedKeyTable>& tables = segments_[s].flat;
  for (unsigned t = 0; t < tables.size(); ++t) {
    for (std::size_t i = ranges[t].first; i < ranges[t].second; ++i) {
      const std::uint64_t other = tables_.unpermute(t, tables[t].view().keys[i]);
      if (const auto distance = reported_distance(t, fp, other)) {
        found.push_back({s, tables[t].view().docs[i], *distance, 1.0 - *distance / 64.0});
      }
    }
  }
}

void SimhashIndex::add_packed_candidates(std::uint32_t s, std::uint64_t fp,
                                         std::span<const std::uint64_t> keys,
                                         std::span<const unsigned> bits, Ranges ranges,
                                         std::vector<IndexCandidate>& found) const {
  const PackedTables& packed = *segments_[s].packed;
  for (unsigned t = 0; t < packed.tables().size(); ++t) {
    std::uint64_t previous = 0;
    packed.tables()[t].for_each_key(ranges[t], keys[t], bits[t], [&](std::size_t i, auto key) {
      // Equal keys are one fingerprint, whose documents docs_of lists at once.
      if (i > ranges[t].first && key == previous) return;
      previous = key;
      const std::uint64_t other = tables_.unpermute(t, key);
      if (const auto distance = reported_distance(t, fp, other)) {
        for (const std::uint32_t doc : packed.docs_of(tables_, other)) {
          found.push_back({s, doc, *distance, 1.0 - *distance / 64.0});
        }
      }
    });
  }
}

}  // namespace neardup
