// Re-reads the documents a rank owns, for what later stages need: id strings and shingle sets.
#include "jobs/documents/document_source.hpp"

#include <stdexcept>

#include "core/sketch/shingles.hpp"
#include "core/text/tokenizer.hpp"

namespace neardup {

DocSource::DocSource(const JobPlan& plan, const LocalDocs& docs, const SplitLines& lines,
                     const DocumentSpec& spec, const std::string& spill_path,
                     const std::string& shared_path, AsciiTokenizerFn ascii)
    : plan_(plan),
      docs_(docs),
      lines_(lines),
      spec_(spec),
      spill_path_(spill_path),
      shared_path_(shared_path),
      reader_([this](std::uint32_t file) -> const std::string& { return path_of(file); }),
      parser_(spec),
      tokenizer_(spec.tokenizer, ascii) {}

const std::string& DocSource::path_of(std::uint32_t file) const {
  const std::size_t files = plan_.files.size();
  if (file < files) return plan_.files[file].path;
  return file == files ? spill_path_ : shared_path_;
}

std::string_view DocSource::record(DocId doc) {
  const std::size_t i = docs_.index_of(doc);
  const std::uint32_t file = plan_.splits[split_of(doc)].file;
  const auto spill = static_cast<std::uint32_t>(plan_.files.size());
  const std::uint32_t from = plan_.is_shared(split_of(doc))            ? spill + 1
                             : is_compressed(plan_.files[file].format) ? spill
                                                                       : file;
  return reader_.read(from, docs_.offsets[i], docs_.lengths[i]);
}

std::string_view DocSource::json_record(DocId doc) {
  parse(doc);
  return parsed_.record;
}

void DocSource::parse(DocId doc) {
  const std::string_view bytes = record(doc);
  const InputFile& file = plan_.files[plan_.splits[split_of(doc)].file];
  if (parser_.parse(file, bytes, parsed_) != LineStatus::kOk) {
    throw std::runtime_error(location(doc) + ": line changed while the job ran");
  }
}

std::string DocSource::location(DocId doc) const {
  const std::uint32_t split = split_of(doc);
  const InputFile& file = plan_.files[plan_.splits[split].file];
  if (is_text(file.format)) return file.path;
  return file.path + ":" + std::to_string(lines_.base(split) + line_of(doc) + 1);
}

std::string DocSource::text(DocId doc) {
  parse(doc);
  return std::string(parsed_.text);
}

std::string DocSource::id(DocId doc) {
  parse(doc);
  return parsed_.has_id ? parsed_.id : location(doc);
}

std::span<const std::uint64_t> DocSource::shingle_set(DocId doc) {
  parse(doc);
  tokenizer_.tokenize(parsed_.text, tokens_);
  shingle_set_of(tokens_, spec_.shingle, shingles_, scratch_);
  return shingles_;
}

void DocSource::append_shingles(DocId doc, std::string& out) {
  const std::span<const std::uint64_t> set = shingle_set(doc);
  out.append(reinterpret_cast<const char*>(set.data()), set.size_bytes());
}

std::string_view DocSource::sketch_bytes(DocId doc) const {
  const std::span<const std::uint32_t> sketch = docs_.sketch(docs_.index_of(doc));
  return {reinterpret_cast<const char*>(sketch.data()), sketch.size_bytes()};
}

}  // namespace neardup
