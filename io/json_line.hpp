// Parses one JSON Lines record with simdjson: the text field, the optional id, or why it is
// skipped.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// The outcome of parsing one line. Every status but kOk is a skip reason.
enum class LineStatus { kOk, kBlankLine, kMalformedJson, kMissingText, kTextNotString };

/// Number of LineStatus values (for per-reason counters indexed by status).
inline constexpr int kLineStatusCount = 5;

/// The stable name of a status as used in logs and stats.json ("ok", "blank_line",
/// "malformed_json", "missing_text", "text_not_string").
const char* line_status_name(LineStatus status);

/// A parsed record. `text` (unescaped) stays valid until the parser's next call.
struct ParsedLine {
  std::string_view text;
  bool has_id = false;
  std::string id;
};

/// Parses JSON Lines records, extracting a text field and an id field by dotted path
/// ("meta.url" walks nested objects). Reuse one parser per thread.
class JsonLineParser {
 public:
  /// `text_field` and `id_field` are dotted paths; an empty id_field means "no id field".
  JsonLineParser(const std::string& text_field, const std::string& id_field);

  /// Parses one line (without its '\n'). The whole record is validated, not only the fields.
  /// A line of only spaces, tabs and '\r' is kBlankLine. The id is taken when the id field
  /// exists and is a string (as is) or a number (its JSON text); otherwise has_id is false.
  LineStatus parse(std::string_view line, ParsedLine& out);

 private:
  simdjson::dom::parser parser_;
  std::vector<std::string> text_path_;
  std::vector<std::string> id_path_;
  std::vector<char> padded_;
};

}  // namespace neardup
