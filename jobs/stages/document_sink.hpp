// Turns records into documents of a rank's tables: parse, id key, host, sketch.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/doc_id.hpp"
#include "io/input/input_plan.hpp"
#include "io/read/line_status.hpp"
#include "jobs/documents/document_parser.hpp"
#include "jobs/options/document_spec.hpp"
#include "jobs/stages/sketch_stage.hpp"

namespace neardup {

/// Parses records one at a time and appends the documents among them to a rank's tables.
class DocumentSink {
 public:
  /// Appends to `into` (its per-document tables, and doc_ids when `keep_ids`), sketching with
  /// `sketcher`.
  DocumentSink(const DocumentSpec& spec, Sketcher& sketcher, bool keep_ids, SketchResult& into);

  /// Parses `bytes`, a record of `file`, and appends its document as `id` with the record kept
  /// at `offset` (its id key, id field, host, offset, length, features and sketch). Returns
  /// kOk, or why the record is no document (nothing appended then). Adds the invalid UTF-8
  /// bytes the JSON parser repaired to `invalid_utf8_bytes`.
  LineStatus add(const InputFile& file, DocId id, std::string_view bytes, std::uint64_t offset,
                 std::uint64_t& invalid_utf8_bytes);

  /// What a skip example says of `bytes`, a record add() found no document for `status`: the
  /// keys it has when its text field is missing or not a string (describe_json_fields), else "".
  std::string skip_detail(LineStatus status, std::string_view bytes) const;

 private:
  const DocumentSpec& spec_;
  Sketcher& sketcher_;
  bool keep_ids_;
  SketchResult& into_;
  DocumentParser parser_;
  ParsedLine parsed_;
};

}  // namespace neardup
