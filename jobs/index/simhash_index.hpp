// A SimHash index's part: 64-bit fingerprints in Manku et al.'s permuted tables, flat or
// compressed, and the fingerprints within k bits of a query's.
#pragma once

#include <optional>
#include <utility>

#include "core/tables/key_table.hpp"
#include "jobs/index/index_method.hpp"
#include "jobs/index/packed_tables.hpp"

namespace neardup {

/// The IndexMethod of a SimHash index (see IndexMethod for each member).
class SimhashIndex final : public IndexMethod {
 public:
  /// The part of an index sketched as `sketch`, whose section `part` is.
  SimhashIndex(const IndexSketch& sketch, const SimhashIndexPart& part);

  unsigned sketch_words() const override { return 2; }
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
  bool orders_by_distance() const override { return true; }

 private:
  // One segment's tables: flat, or compressed.
  struct Tables {
    std::vector<BucketedKeyTable> flat;
    std::optional<PackedTables> packed;
  };
  using Ranges = std::span<const std::pair<std::size_t, std::size_t>>;

  // The distance of fingerprint `other` from `fp` when within k bits and table t is the first
  // they share (so that a pair is reported once), else nothing.
  std::optional<unsigned> reported_distance(unsigned t, std::uint64_t fp,
                                            std::uint64_t other) const;
  // Appends segment s's documents reported near fp from its flat or its packed tables,
  // `ranges` being the tables' prefix ranges of fp's keys `keys` (`bits` long).
  void add_flat_candidates(std::uint32_t s, std::uint64_t fp, Ranges ranges,
                           std::vector<IndexCandidate>& found) const;
  void add_packed_candidates(std::uint32_t s, std::uint64_t fp, std::span<const std::uint64_t> keys,
                             std::span<const unsigned> bits, Ranges ranges,
                             std::vector<IndexCandidate>& found) const;

  TokenizerKind tokenizer_;
  SimhashIndexPart part_;
  PermutedTables tables_;
  std::vector<Tables> segments_;
};

}  // namespace neardup
