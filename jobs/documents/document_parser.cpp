// Turns a record into a document: a JSON Lines record by its text and id fields, a text file
// whole.
#include "jobs/documents/document_parser.hpp"

namespace neardup {

DocumentParser::DocumentParser(const DocumentSpec& spec)
    : json_(spec.text_field, spec.id_field, spec.host_field) {}

LineStatus DocumentParser::parse(const InputFile& file, std::string_view record, ParsedLine& out) {
  if (!is_text(file.format)) return json_.parse(record, out);
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (record.starts_with(kByteOrderMark)) record.remove_prefix(kByteOrderMark.size());
  out.text = record;
  out.has_id = true;
  out.id = file.relative;
  out.host_url = {};
  out.record = {};
  return LineStatus::kOk;
}

}  // namespace neardup
