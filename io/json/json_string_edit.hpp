// A JSON record with one string field rewritten and every other byte as it was: what a job
// that edits documents' text (spans) writes into deduped/.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "io/json/raw_json_fields.hpp"

namespace neardup {

/// Rewrites the string at one dotted path of JSON records. Reuse one per thread.
class JsonStringEdit {
 public:
  /// Edits the value at `path` ("meta.text" walks nested objects).
  explicit JsonStringEdit(const std::string& path) : fields_({path}) {}

  /// `record` (a JSON object that is valid JSON) with the value at the path replaced by the
  /// JSON string of `text` (json_escape'd), every byte before and after it unchanged; nullopt
  /// when the record has no value there.
  std::optional<std::string> with_text(std::string_view record, std::string_view text);

 private:
  RawJsonFields fields_;
};

}  // namespace neardup
