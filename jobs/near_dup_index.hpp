// A persistent near-duplicate index: segments of sorted, memory-mapped SimHash tables or
// MinHash band tables with their sketches and ids; written by `index build/add`, read by query.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/index_meta.hpp"
#include "jobs/sketch_stage.hpp"

namespace neardup {

/// An indexed document close to a query.
struct IndexMatch {
  std::string id;
  unsigned distance = 0;  // simhash: differing bits; minhash: 0
  double similarity = 0;  // simhash: 1 - distance / 64; minhash: fraction of agreeing entries
};

/// The sketcher an index's documents (and its queries) are sketched with.
std::unique_ptr<Sketcher> make_index_sketcher(const IndexMeta& meta);

/// Writes one segment (DIR/SEGMENT_DIR/...) from the documents' sketches (meta's sketcher
/// layout, one after another) and ids, and returns its record. Documents are numbered in
/// order; tables are sorted flat arrays (see KeyTableView). Throws IoError on write errors.
IndexSegment write_index_segment(const std::string& index_dir, const std::string& segment_dir,
                                 const IndexMeta& meta, std::span<const std::uint32_t> sketches,
                                 const std::vector<std::string>& ids);

/// An open index: every segment mapped and checked (sizes and checksums) when constructed.
class NearDupIndex {
 public:
  /// Opens INDEX_DIR. Throws IoError naming the file when anything is missing, truncated,
  /// corrupt or of another format.
  explicit NearDupIndex(const std::string& index_dir);
  ~NearDupIndex();

  /// The index's metadata.
  const IndexMeta& meta() const { return meta_; }

  /// Sketches a text as the index's documents were; false when it has no tokens (an empty
  /// document, which never matches).
  bool sketch(std::string_view text, std::vector<std::uint32_t>& out);

  /// Whether two sketches are near-duplicates under the index's rule (simhash: within k bits;
  /// minhash: enough agreeing entries), with their similarity.
  bool close(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
             IndexMatch& match) const;

  /// The indexed documents close to a sketch (simhash: within k bits; minhash: sharing a band
  /// and verified by the signature estimate), by distance (or descending similarity), then id.
  std::vector<IndexMatch> query(std::span<const std::uint32_t> sketch) const;

 private:
  struct Segment;
  IndexMeta meta_;
  std::unique_ptr<Sketcher> sketcher_;
  std::vector<std::unique_ptr<Segment>> segments_;
};

}  // namespace neardup
