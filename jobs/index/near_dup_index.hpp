// A persistent near-duplicate index: segments of memory-mapped sketches, ids, shingle sets and
// the method's tables (IndexMethod); written by `index build/add`, read by query and
// --reference.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/sketch/shingles.hpp"
#include "core/text/tokenizer.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "io/write/mapped_file.hpp"
#include "jobs/index/index_meta.hpp"
#include "jobs/index/index_method.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// The bytes of a segment's stored shingle sets (0 when the index stores none).
std::uint64_t shingle_bytes(const IndexSegment& segment);

/// A sketcher that also writes the shingle set of every non-empty document it sketches to
/// DIR/shingles.u64 (sorted 64-bit hashes, one set after another), for an index that stores
/// them. It never throws from sketch(): a write error stops the writing and is kept in error().
class ShingleRecordingSketcher final : public Sketcher {
 public:
  ShingleRecordingSketcher(Sketcher& inner, const ShingleSpec& spec, TokenizerKind tokenizer,
                           const std::string& dir);
  unsigned sketch_words() const override { return inner_.sketch_words(); }
  std::uint32_t sketch(std::string_view text, std::span<std::uint32_t> out) override;
  std::uint64_t invalid_utf8_bytes() const override { return inner_.invalid_utf8_bytes(); }

  /// The first write error ("" when none).
  const std::string& error() const { return error_; }
  /// Where each recorded set starts in the file (in hashes), and the total last.
  const std::vector<std::uint64_t>& offsets() const { return offsets_; }
  /// Commits the file and returns its record (empty name after an error or when nothing
  /// was recorded: the file is then removed).
  IndexFile finish();

 private:
  Sketcher& inner_;
  ShingleSpec spec_;
  std::unique_ptr<IndexFileWriter> file_;
  std::string error_;
  std::vector<std::uint64_t> offsets_ = {0};
  Tokenizer tokenizer_;
  TokenStream tokens_;
  std::vector<std::uint64_t> set_;
  ShingleSortScratch scratch_;
};

/// A segment's documents: their sketches (meta's sketcher layout, one after another) and ids,
/// and for an index that stores shingle sets, the written shingles file and the sets' offsets
/// (see ShingleRecordingSketcher).
struct SegmentDocs {
  std::vector<std::uint32_t> sketches;
  std::vector<std::string> ids;
  IndexFile shingles;
  std::vector<std::uint64_t> shingle_offsets;
};

/// Writes one segment (DIR/SEGMENT_DIR/...) and returns its record. Documents are numbered in
/// order; tables are sorted flat arrays (see KeyTableView). Throws IoError on write errors.
IndexSegment write_index_segment(const std::string& index_dir, const std::string& segment_dir,
                                 const IndexMeta& meta, const SegmentDocs& docs);

/// An open index: every segment mapped and checked (sizes and checksums) when constructed.
class NearDupIndex {
 public:
  /// Opens INDEX_DIR. Throws IoError naming the file when anything is missing, truncated,
  /// corrupt or of another format.
  explicit NearDupIndex(const std::string& index_dir);
  ~NearDupIndex();

  /// The index's metadata.
  const IndexMeta& meta() const { return meta_; }

  /// Whether matches are decided on stored shingle sets (index_rule "exact").
  bool exact() const { return meta_.sketch.store_shingles; }

  /// Sketches a text as the index's documents were, and when exact() writes its shingle set
  /// into `shingles`; false when it has no tokens (an empty document, which never matches).
  bool sketch(std::string_view text, std::vector<std::uint32_t>& out,
              std::vector<std::uint64_t>& shingles);

  /// Whether two documents are near-duplicates under the index's rule (see index_rule), with
  /// their similarity; the shingle sets are read only when exact().
  bool close(std::span<const std::uint32_t> a, std::span<const std::uint64_t> a_shingles,
             std::span<const std::uint32_t> b, std::span<const std::uint64_t> b_shingles,
             IndexMatch& match) const;

  /// The indexed documents a sketch makes candidates: simhash within k bits; minhash sharing a
  /// band and agreeing on enough entries (the signature estimate's cut, or when exact() the
  /// looser sketch filter of exact verification). In no particular order.
  std::vector<IndexCandidate> candidates(std::span<const std::uint32_t> sketch) const;

  /// The candidates that match a query with shingle set `shingles` (exact(): Jaccard >=
  /// threshold; otherwise all of them), by descending similarity (simhash without shingle
  /// sets: by distance), then id.
  std::vector<IndexMatch> verify(const std::vector<IndexCandidate>& candidates,
                                 std::span<const std::uint64_t> shingles) const;

  /// The candidate closest by sketch (closest_candidates' order) among those that match a
  /// query with shingle set `shingles`, or nothing. With shingle sets this checks candidates
  /// in that order only until one passes.
  std::optional<IndexMatch> closest_match(const std::vector<IndexCandidate>& candidates,
                                          std::span<const std::uint64_t> shingles) const;

  /// The `count` candidates closest by sketch, closest first: most agreeing entries, or fewest
  /// differing bits; ties by a fixed hash of the id, then the id, so the order does not depend
  /// on how the index was built. What a caller keeps to try later without every candidate.
  std::vector<IndexCandidate> closest_candidates(const std::vector<IndexCandidate>& candidates,
                                                 std::size_t count) const;

  /// verify(candidates(sketch), shingles).
  std::vector<IndexMatch> query(std::span<const std::uint32_t> sketch,
                                std::span<const std::uint64_t> shingles = {}) const;

 private:
  struct Segment;
  // Whether two shingle sets' Jaccard (written to `similarity`) reaches the threshold: the
  // exact rule, for both candidates and pairs.
  bool passes_exact(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                    double& similarity) const;
  // Maps and checks the segment `record` in DIR (see the constructor).
  std::unique_ptr<Segment> open_segment(const std::string& dir, const IndexSegment& record);
  // Whether a candidate matches a query with shingle set `shingles` (exact(): Jaccard >=
  // threshold; otherwise always), filling `match`.
  bool passes(const IndexCandidate& candidate, std::span<const std::uint64_t> shingles,
              IndexMatch& match) const;

  IndexMeta meta_;
  std::vector<std::unique_ptr<Segment>> segments_;  // before method_: it maps what method_ reads
  std::unique_ptr<IndexMethod> method_;
  std::unique_ptr<Sketcher> sketcher_;
  Tokenizer tokenizer_;
  TokenStream tokens_;
  ShingleSortScratch scratch_;
};

}  // namespace neardup
