// Turns a record into a document: a JSON Lines record by its text and id fields, a text file
// whole.
#pragma once

#include <string_view>

#include "io/input/input_plan.hpp"
#include "io/json/json_line.hpp"
#include "jobs/options/document_spec.hpp"

namespace neardup {

/// Parses records of any input format into text and id. Reuse one per thread.
class DocumentParser {
 public:
  explicit DocumentParser(const DocumentSpec& spec);

  /// Parses `record` of `file`. JSON Lines records go through JsonLineParser; a text record
  /// is the document's text (without a leading UTF-8 byte-order mark) and its id is
  /// file.relative. `out.text` stays valid until the next call and while `record` lives.
  LineStatus parse(const InputFile& file, std::string_view record, ParsedLine& out);

 private:
  JsonLineParser json_;
};

}  // namespace neardup
