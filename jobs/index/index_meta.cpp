// The metadata of a persistent near-duplicate index: its sketch (IndexSketch), segments and
// their files' checksums; stored with Boost.Serialization behind a magic line and a checksum.
#include "jobs/index/index_meta.hpp"

#include <xxhash.h>

#include <boost/serialization/split_free.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <filesystem>
#include <sstream>
#include <variant>

#include "io/io_error.hpp"
#include "io/write/checked_file.hpp"
#include "io/write/text_archive.hpp"
#include "jobs/options/sketch_options.hpp"

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, neardup::IndexFile& f, unsigned) {
  ar& f.name& f.bytes& f.xxh3;
}

template <class Archive>
void serialize(Archive& ar, neardup::IndexSegment& s, unsigned) {
  ar& s.dir& s.docs& s.files;
}

// Archives every value a describe_* list (jobs/options/option_list.hpp) visits, so that the
// sketch flags the jobs and index build share are stored through that one list: a parameter
// added there is stored too.
template <class Archive>
struct ArchivedOptions {
  Archive& ar;
  template <class T>
  void number(const neardup::OptionInfo&, T& value, neardup::Bounds<std::remove_const_t<T>>) {
    ar& value;
  }
  template <class T>
  void value(const neardup::OptionInfo&, T& value) {
    ar& value;
  }
  template <class E>
  void choice(const neardup::OptionInfo&, E& value,
              std::span<const neardup::Choice<std::remove_const_t<E>>>) {
    ar& value;
  }
};

}  // namespace boost::serialization

namespace neardup {
namespace {

// The stats.json names of the options a describe_* list visits, one after another.
struct OptionNames {
  std::string names;
  template <class T>
  void number(const OptionInfo& info, T&, Bounds<T>) {
    add(info);
  }
  template <class T>
  void value(const OptionInfo& info, T&) {
    add(info);
  }
  template <class E>
  void choice(const OptionInfo& info, E&, std::span<const Choice<E>>) {
    add(info);
  }
  void add(const OptionInfo& info) { (names += info.json) += ' '; }
};

}  // namespace

std::uint64_t stored_options_hash() {
  OptionNames names;
  ShingleSpec shingles;
  SimhashSpec features;
  describe_shingle_options(names, shingles, ParameterScope::kNone);
  describe_simhash_features(names, features, ParameterScope::kNone);
  return XXH3_64bits(names.names.data(), names.names.size());
}

}  // namespace neardup

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, neardup::SimhashIndexPart& p, unsigned) {
  ArchivedOptions<Archive> options{ar};
  neardup::describe_simhash_features(options, p.features, neardup::ParameterScope::kNone);
  ar& p.tables.max_distance& p.tables.blocks& p.compress;
}

template <class Archive>
void serialize(Archive& ar, neardup::MinhashIndexPart& p, unsigned) {
  ar& p.num_perm& p.seed& p.signature& p.bands.bands& p.bands.rows& p.pass_at_threshold;
}

// The method's section follows its name, so a reader knows which section to read.
template <class Archive>
void save(Archive& ar, const neardup::IndexSketch& s, unsigned) {
  const std::string method = s.method_name();
  const std::uint64_t options_hash = neardup::stored_options_hash();
  ar& options_hash;
  ArchivedOptions<Archive> options{ar};
  neardup::describe_shingle_options(options, s.shingles, neardup::ParameterScope::kNone);
  ar& s.tokenizer& s.threshold& s.store_shingles& method;
  std::visit([&](const auto& part) { ar& part; }, s.method);
}

template <class Archive>
void load(Archive& ar, neardup::IndexSketch& s, unsigned) {
  std::string method;
  std::uint64_t options_hash = 0;
  ar& options_hash;
  if (options_hash != neardup::stored_options_hash()) {
    throw neardup::IoError(
        "the index stores other sketch parameters than this neardup's: rebuild it");
  }
  ArchivedOptions<Archive> options{ar};
  neardup::describe_shingle_options(options, s.shingles, neardup::ParameterScope::kNone);
  ar& s.tokenizer& s.threshold& s.store_shingles& method;
  if (!s.select_method(method)) {
    throw neardup::IoError("index method '" + method + "' is unknown");
  }
  std::visit([&](auto& part) { ar& part; }, s.method);
  if (const std::string problem = neardup::sketch_problem(s); !problem.empty()) {
    throw neardup::IoError("index sketch: " + problem);
  }
}

template <class Archive>
void serialize(Archive& ar, neardup::IndexSketch& s, unsigned version) {
  split_free(ar, s, version);
}

template <class Archive>
void serialize(Archive& ar, neardup::IndexMeta& m, unsigned) {
  ar& m.format_version& m.neardup_version& m.text_field& m.id_field& m.sketch;
  ar& m.batches& m.segments;
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
