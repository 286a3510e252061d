// One method's part of a persistent index: how its documents are sketched, how a segment's
// tables are written and opened, and how a query's candidates are found in them.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "io/write/mapped_file.hpp"
#include "jobs/index/index_sketch.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// An indexed document close to a query.
struct IndexMatch {
  std::string id;
  unsigned distance = 0;  // simhash: differing bits; minhash: 0
  // With stored shingle sets: the exact Jaccard of the shingle sets. Otherwise simhash:
  // 1 - distance / 64; minhash: the fraction of agreeing signature entries.
  double similarity = 0;
};

/// An indexed document whose sketch makes it a candidate for a query (see NearDupIndex).
struct IndexCandidate {
  std::uint32_t segment = 0;
  std::uint32_t doc = 0;  // its number in the segment
  unsigned distance = 0;
  double similarity = 0;  // from the sketches, as IndexMatch without shingle sets
};

/// A segment's sketches as the index maps them: document d's are words
/// [d * sketch_words, (d + 1) * sketch_words).
using SegmentSketches = std::span<const std::uint32_t>;

/// What one method (simhash, minhash) does for an index; NearDupIndex does the rest (ids,
/// sketches, shingle sets, the exact rule, orders).
class IndexMethod {
 public:
  virtual ~IndexMethod() = default;

  /// 32-bit words of one document's sketch.
  virtual unsigned sketch_words() const = 0;
  /// A sketcher of the index's documents and queries.
  virtual std::unique_ptr<Sketcher> make_sketcher() const = 0;
  /// Writes the tables of a segment of `docs` documents with `sketches` into DIR and returns
  /// their records, in the order open_segment takes them. Throws IoError on write errors.
  virtual std::vector<IndexFile> write_tables(const std::string& dir, SegmentSketches sketches,
                                              std::size_t docs) const = 0;
  /// How many files write_tables writes.
  virtual std::size_t table_files() const = 0;
  /// Checks and keeps the next segment's tables (segments are numbered in the order opened):
  /// `files` mapped as write_tables listed them (`records`), which must outlive this object.
  /// Throws IoError naming DIR when they are corrupt.
  virtual void open_segment(const std::string& dir,
                            std::span<const std::unique_ptr<MappedFile>> files,
                            std::span<const IndexFile> records, SegmentSketches sketches,
                            std::uint64_t docs) = 0;
  /// The documents of every opened segment whose sketches make them candidates for a query
  /// with `sketch`, in no particular order.
  virtual std::vector<IndexCandidate> candidates(std::span<const std::uint32_t> sketch) const = 0;
  /// Whether sketches a and b make a candidate pair, filling match.distance and (from the
  /// sketches) match.similarity.
  virtual bool candidate_pair(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                              IndexMatch& match) const = 0;
  /// Whether matches decided by the sketches alone are ordered by distance (fewest differing
  /// bits first) rather than by similarity.
  virtual bool orders_by_distance() const = 0;
};

/// The method part of an index sketched as `sketch`.
std::unique_ptr<IndexMethod> make_index_method(const IndexSketch& sketch);

}  // namespace neardup
