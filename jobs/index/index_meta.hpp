// The metadata of a persistent near-duplicate index: its sketch (IndexSketch), segments and
// their files' checksums; stored with Boost.Serialization behind a magic line and a checksum.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/sketch/sketch_format.hpp"
#include "io/write/mapped_file.hpp"
#include "jobs/index/index_sketch.hpp"

namespace neardup {

/// One segment: the documents one rank added in one build or add, and its files.
struct IndexSegment {
  std::string dir;  // relative to the index directory
  std::uint64_t docs = 0;
  std::vector<IndexFile> files;
};

/// The current layout version; an index of another layout or sketch format is refused.
/// Version 2 added the stored shingle sets (store_shingles); version 3 the tokenizer (Unicode
/// tokens by default); version 4 word shingle hashes combined from per-token hashes
/// (core/sketch/shingles.hpp) and the sketch kind (classic MinHash or one permutation hashing);
/// version 5 tokens of up to 16 bytes hashed zero-padded to 16 bytes; version 6 compressed
/// SimHash tables (compress); version 7 the sketch format recorded beside the layout
/// (core/sketch/sketch_format.hpp), so a tokenizer or hash change no longer bumps this number;
/// version 8 one typed section per method (IndexSketch) instead of both methods' numbers.
inline constexpr std::uint32_t kIndexLayoutVersion = 8;

/// The version an index records: kIndexLayoutVersion with this neardup's sketch format.
inline const std::uint32_t kIndexFormatVersion = stored_format_version(kIndexLayoutVersion);

/// Everything needed to sketch queries the way the index was built, and to find its files.
struct IndexMeta {
  std::uint32_t format_version = kIndexFormatVersion;
  std::string neardup_version;
  std::string text_field = "text";
  std::string id_field = "id";
  IndexSketch sketch;
  std::uint64_t batches = 0;  // builds and adds so far
  std::vector<IndexSegment> segments;

  /// Documents over all segments.
  std::uint64_t docs() const;
};

/// A hash of the names of the sketch flags the jobs and index build share (sketch_options.hpp),
/// which index.meta stores through their list: recorded before their values, so an index
/// written with another list is refused rather than misread.
std::uint64_t stored_options_hash();

/// The metadata as Boost.Serialization text (to send between ranks), and back; from_text
/// throws IoError on malformed text.
std::string index_meta_to_text(const IndexMeta& meta);
IndexMeta index_meta_from_text(const std::string& text);

/// A segment's record as Boost.Serialization text, and back (throws IoError when malformed).
std::string index_segment_to_text(const IndexSegment& segment);
IndexSegment index_segment_from_text(const std::string& text);

/// Writes INDEX/index.meta atomically: the commit point of a build or add.
void save_index_meta(const std::string& index_dir, const IndexMeta& meta);

/// Reads INDEX/index.meta. Throws IoError naming the path when it is missing, not a neardup
/// index, of another format version (saying to rebuild it), truncated or corrupt (checksum).
IndexMeta load_index_meta(const std::string& index_dir);

}  // namespace neardup
