// A MinHash index's part: signatures in LSH band tables, and the documents sharing a band with
// a query that agree with it on enough entries.
#include "jobs/index/minhash_index.hpp"

#include <algorithm>

#include "core/lsh/band_keys.hpp"
#include "core/sketch/minhash.hpp"
#include "jobs/index/flat_tables.hpp"
#include "jobs/stages/sketchers.hpp"

namespace neardup {

MinhashIndex::MinhashIndex(const IndexSketch& sketch, const MinhashIndexPart& part)
    : tokenizer_(sketch.tokenizer),
      shingles_(sketch.shingles),
      part_(part),
      min_agree_(sketch.store_shingles ? sketch_filter_min_agree(sketch.threshold, part.num_perm)
                                       : min_agreeing_entries(sketch.threshold, part.num_perm,
                                                              part.pass_at_threshold)) {}

std::unique_ptr<Sketcher> MinhashIndex::make_sketcher() const {
  return std::make_unique<MinhashSketcher>(part_.num_perm, part_.seed, shingles_, tokenizer_,
                                           best_minhash_kernel(),
                                           part_.signature == SignatureKind::kOph);
}

std::vector<IndexFile> MinhashIndex::write_tables(const std::string& dir, SegmentSketches sketches,
                                                  std::size_t docs) const {
  const unsigned bands = part_.bands.bands;
  std::vector<std::uint64_t> keys(docs * bands);
  for (std::size_t d = 0; d < docs; ++d) {
    band_keys(sketches.subspan(d * part_.num_perm, part_.num_perm), part_.bands,
              std::span(keys).subspan(d * bands, bands));
  }
  return write_flat_tables(dir, "band", bands, docs,
                           [&](unsigned b, std::size_t d) { return keys[d * bands + b]; });
}

std::size_t MinhashIndex::table_files() const { return flat_table_files(part_.bands.bands); }

void MinhashIndex::open_segment(const std::string& dir,
                                std::span<const std::unique_ptr<MappedFile>> files,
                                std::span<const IndexFile>, SegmentSketches sketches,
                                std::uint64_t docs) {
  segments_.push_back({open_flat_tables(dir, files, docs), sketches});
}

std::vector<IndexCandidate> MinhashIndex::candidates(std::span<const std::uint32_t> sketch) const {
  std::vector<IndexCandidate> found;
  const unsigned bands = part_.bands.bands;
  std::vector<std::uint64_t> keys(bands);
  band_keys(sketch, part_.bands, keys);
  const std::vector<unsigned> bits(bands, 64);
  std::vector<std::pair<std::size_t, std::size_t>> ranges(bands);
  std::vector<std::uint32_t> docs;
  for (std::uint32_t s = 0; s < segments_.size(); ++s) {
    const Bands& segment = segments_[s];
    prefix_ranges(segment.tables, keys, bits, ranges);
    docs.clear();
    for (unsigned b = 0; b < bands; ++b) {
      const std::span<const std::uint32_t> table_docs = segment.tables[b].view().docs;
      docs.insert(docs.end(), table_docs.begin() + static_cast<std::ptrdiff_t>(ranges[b].first),
                  table_docs.begin() + static_cast<std::ptrdiff_t>(ranges[b].second));
    }
    std::sort(docs.begin(), docs.end());
    docs.erase(std::unique(docs.begin(), docs.end()), docs.end());
    for (const std::uint32_t doc : docs) {
      const unsigned agree = agreeing_entries(
          sketch, segment.sketches.subspan(std::size_t{doc} * part_.num_perm, part_.num_perm));
      if (agree >= min_agree_) {
        found.push_back({s, doc, 0, static_cast<double>(agree) / part_.num_perm});
      }
    }
  }
  return found;
}

bool MinhashIndex::candidate_pair(std::span<const std::uint32_t> a,
                                  std::span<const std::uint32_t> b, IndexMatch& match) const {
  const unsigned agree = agreeing_entries(a, b);
  match.distance = 0;
  match.similarity = static_cast<double>(agree) / part_.num_perm;
  return agree >= min_agree_;
}

}  // namespace neardup
