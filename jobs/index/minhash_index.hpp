// A MinHash index's part: signatures in LSH band tables, and the documents sharing a band with
// a query that agree with it on enough entries.
#pragma once

#include "core/tables/key_table.hpp"
#include "jobs/index/index_method.hpp"

namespace neardup {

/// The IndexMethod of a MinHash index (see IndexMethod for each member).
class MinhashIndex final : public IndexMethod {
 public:
  /// The part of an index sketched as `sketch`, whose section `part` is.
  MinhashIndex(const IndexSketch& sketch, const MinhashIndexPart& part);

  unsigned sketch_words() const override { return part_.num_perm; }
  std::unique_ptr<Sketcher> make_sketcher() const override;
  std::vector<IndexFile> write_tables(const std::string& dir, SegmentSketches sketches,
                                      std::size_t docs) const override;
  std::size_t table_files() const override;
  void open_segment(const std::string& dir, std::span<const std::unique_ptr<MappedFile>> files,
                    std::span<const IndexFile> records, SegmentSketches sketches,
                    std::uint64_t docs) override;
  std::vector<IndexCandidate> candidates(std::span<const std::uint32_t> sketch) const override;
  bool candidate_pair(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                      IndexMatch& match) const override;
  bool orders_by_distance() const override { return false; }

 private:
  // One segment: its band tables and the signatures they index.
  struct Bands {
    std::vector<BucketedKeyTable> tables;
    SegmentSketches sketches;
  };

  TokenizerKind tokenizer_;
  ShingleSpec shingles_;
  MinhashIndexPart part_;
  // The agreeing entries a candidate needs: the estimate's cut, or with stored shingle sets
  // the looser sketch filter of exact verification.
  unsigned min_agree_;
  std::vector<Bands> segments_;
};

}  // namespace neardup
