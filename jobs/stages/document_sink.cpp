// Turns records into documents of a rank's tables: parse, id key, host, sketch.
#include "jobs/stages/document_sink.hpp"

#include <optional>
#include <span>
#include <string>

#include "core/hash128.hpp"
#include "core/hosts/url_host.hpp"
#include "io/json/json_fields.hpp"

namespace neardup {
namespace {

// Appends the host id of a document whose host field holds `url` (host_problem_id when it has
// none), naming it in `into`.
void add_host(std::string_view url, SketchResult& into) {
  HostProblem problem = HostProblem::kNone;
  const std::optional<std::string> host = url_host(url, &problem);
  const std::uint64_t id = host ? host_id(*host) : host_problem_id(problem);
  into.host_ids.push_back(id);
  if (host) into.host_names.try_emplace(id, *host);
}

}  // namespace

DocumentSink::DocumentSink(const DocumentSpec& spec, Sketcher& sketcher, bool keep_ids,
                           SketchResult& into)
    : spec_(spec), sketcher_(sketcher), keep_ids_(keep_ids), into_(into), parser_(spec) {}

LineStatus DocumentSink::add(const InputFile& file, DocId id, std::string_view bytes,
                             std::uint64_t offset, std::uint64_t& invalid_utf8_bytes) {
  const LineStatus status = parser_.parse(file, bytes, parsed_);
  if (status != LineStatus::kOk) return status;
  invalid_utf8_bytes += parsed_.invalid_utf8_bytes;
  if (parsed_.has_id) into_.id_keys.push_back({hash128(parsed_.id), id});
  if (keep_ids_) {
    into_.doc_ids.push_back(parsed_.has_id ? parsed_.id : std::string());
    into_.has_doc_id.push_back(parsed_.has_id);
  }
  if (!spec_.host_field.empty()) add_host(parsed_.host_url, into_);
  LocalDocs& docs = into_.docs;
  const unsigned words = sketcher_.sketch_words();
  docs.ids.push_back(id);
  docs.offsets.push_back(offset);
  docs.lengths.push_back(static_cast<std::uint32_t>(bytes.size()));
  const std::size_t at = docs.sketches.size();
  docs.sketches.resize(at + words);
  const std::uint32_t features =
      sketcher_.sketch(parsed_.text, std::span<std::uint32_t>(docs.sketches.data() + at, words));
  docs.features.push_back(features);
  into_.features += features;
  return LineStatus::kOk;
}

std::string DocumentSink::skip_detail(LineStatus status, std::string_view bytes) const {
  const bool field_missed =
      status == LineStatus::kMissingText || status == LineStatus::kTextNotString;
  return field_missed ? describe_json_fields(bytes, spec_.text_field) : std::string();
}

}  // namespace neardup
