// The metadata of a persistent near-duplicate index: method, parameters, segments and their
// files' checksums; stored with Boost.Serialization behind a magic line and a checksum.
#include "io/index_meta.hpp"

#include <xxhash.h>

#include <boost/archive/text_iarchive.hpp>
#include <boost/archive/text_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/atomic_file.hpp"
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
  ar& m.pass_at_threshold& m.batches& m.segments;
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
  const std::string text = to_text(meta);
  char header[96];
  std::snprintf(header, sizeof header, "%s %u %016llx %zu\n", kMagic, meta.format_version,
                static_cast<unsigned long long>(XXH3_64bits(text.data(), text.size())),
                text.size());
  AtomicFile file(meta_path(index_dir));
  file.write(header);
  file.write(text);
  file.commit();
}

IndexMeta load_index_meta(const std::string& index_dir) {
  const std::string path = meta_path(index_dir);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(path + ": not found (not a neardup index?)");
  std::string magic;
  unsigned version = 0;
  std::string checksum;
  std::size_t size = 0;
  in >> magic >> version >> checksum >> size;
  if (!in || magic != kMagic) throw IoError(path + ": not a neardup index");
  if (version != kIndexFormatVersion) {
    throw IoError(path + ": index format " + std::to_string(version) + ", this neardup reads " +
                  std::to_string(kIndexFormatVersion));
  }
  in.get();  // the header's newline
  std::string text(size, '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::size_t>(in.gcount()) != size || in.peek() != EOF) {
    throw IoError(path + ": index metadata truncated or padded");
  }
  char expected[32];
  std::snprintf(expected, sizeof expected, "%016llx",
                static_cast<unsigned long long>(XXH3_64bits(text.data(), text.size())));
  if (checksum != expected) throw IoError(path + ": index metadata checksum mismatch (corrupt)");
  try {
    return from_text<IndexMeta>(text);
  } catch (const IoError& e) {
    throw IoError(path + ": " + e.what());
  }
}

}  // namespace neardup
