// The metadata of a persistent near-duplicate index: method, parameters, segments and their
// files' checksums; stored with Boost.Serialization behind a magic line and a checksum.
#include "jobs/index/index_meta.hpp"

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <filesystem>
#include <sstream>

#include "io/io_error.hpp"
#include "io/write/checked_file.hpp"
#include "io/write/text_archive.hpp"

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, neardup::IndexFile& f, unsigned) {
  ar& f.name& f.bytes& f.xxh3;
}

template <class Archive>
void serialize(Archive& ar, neardup::IndexSegment& s, unsigned) {
  ar& s.dir& s.docs& s.files;
}

template <class Archive>
void serialize(Archive& ar, neardup::IndexMeta& m, unsigned) {
  ar& m.format_version& m.neardup_version& m.method& m.text_field& m.id_field& m.tokenizer;
  ar& m.features& m.weight& m.shingle_n& m.char_n& m.max_distance& m.blocks;
  ar& m.num_perm& m.seed& m.threshold& m.bands& m.rows& m.shingle_kind& m.ngram;
  ar& m.pass_at_threshold& m.sketch& m.store_shingles& m.compress& m.batches& m.segments;
}

}  // namespace boost::serialization

namespace neardup {
namespace {

constexpr const char* kMagic = "neardup-index";

std::string meta_path(const std::string& index_dir) {
  return (std::filesystem::path(index_dir) / "index.meta").string();
}

}  // namespace

std::uint64_t IndexMeta::docs() const {
  std::uint64_t total = 0;
  for (const IndexSegment& s : segments) total += s.docs;
  return total;
}

std::string index_meta_to_text(const IndexMeta& meta) { return to_text_archive(meta); }
IndexMeta index_meta_from_text(const std::string& text) {
  return from_text_archive<IndexMeta>(text, "index record");
}
std::string index_segment_to_text(const IndexSegment& segment) { return to_text_archive(segment); }
IndexSegment index_segment_from_text(const std::string& text) {
  return from_text_archive<IndexSegment>(text, "index record");
}

void save_index_meta(const std::string& index_dir, const IndexMeta& meta) {
  save_checked_file(meta_path(index_dir), kMagic, meta.format_version, to_text_archive(meta));
}

IndexMeta load_index_meta(const std::string& index_dir) {
  const std::string path = meta_path(index_dir);
  std::string text;
  try {
    text = load_checked_file(path, kMagic, kIndexFormatVersion, "index metadata");
  } catch (const FormatVersionError& e) {
    throw FormatVersionError(std::string(e.what()) +
                             ": rebuild the index from its corpus with this neardup's index build");
  }
  try {
    return from_text_archive<IndexMeta>(text, "index record");
  } catch (const IoError& e) {
    throw IoError(path + ": " + e.what());
  }
}

}  // namespace neardup
