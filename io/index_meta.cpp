// The metadata of a persistent near-duplicate index: method, parameters, segments and their
// files' checksums; stored with Boost.Serialization behind a magic line and a checksum.
#include "io/index_meta.hpp"

#include <boost/archive/text_iarchive.hpp>
#include <boost/archive/text_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <filesystem>
#include <sstream>

#include "io/checked_file.hpp"
#include "io/io_error.hpp"

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
  ar& m.format_version& m.neardup_version& m.method& m.text_field& m.id_field;
  ar& m.features& m.weight& m.shingle_n& m.char_n& m.max_distance& m.blocks;
  ar& m.num_perm& m.seed& m.threshold& m.bands& m.rows& m.shingle_kind& m.ngram;
  ar& m.pass_at_threshold& m.store_shingles& m.batches& m.segments;
}

}  // namespace boost::serialization

namespace neardup {
namespace {

constexpr const char* kMagic = "neardup-index";

std::string meta_path(const std::string& index_dir) {
  return (std::filesystem::path(index_dir) / "index.meta").string();
}

template <class T>
std::string to_text(const T& value) {
  std::ostringstream out;
  {
    boost::archive::text_oarchive archive(out);
    archive << value;
  }
  return out.str();
}

template <class T>
T from_text(const std::string& text) {
  T value;
  try {
    std::istringstream in(text);
    boost::archive::text_iarchive archive(in);
    archive >> value;
  } catch (const std::exception& e) {
    throw IoError(std::string("malformed index record: ") + e.what());
  }
  return value;
}

}  // namespace

std::uint64_t IndexMeta::docs() const {
  std::uint64_t total = 0;
  for (const IndexSegment& s : segments) total += s.docs;
  return total;
}

std::string index_meta_to_text(const IndexMeta& meta) { return to_text(meta); }
IndexMeta index_meta_from_text(const std::string& text) { return from_text<IndexMeta>(text); }
std::string index_segment_to_text(const IndexSegment& segment) { return to_text(segment); }
IndexSegment index_segment_from_text(const std::string& text) {
  return from_text<IndexSegment>(text);
}

void save_index_meta(const std::string& index_dir, const IndexMeta& meta) {
  save_checked_file(meta_path(index_dir), kMagic, meta.format_version, to_text(meta));
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
    return from_text<IndexMeta>(text);
  } catch (const IoError& e) {
    throw IoError(path + ": " + e.what());
  }
}

}  // namespace neardup
