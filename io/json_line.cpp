// Parses one JSON Lines record with simdjson: the text field, the optional id, or why it is
// skipped.
#include "io/json_line.hpp"

#include <cstring>

namespace neardup {
namespace {

std::vector<std::string> split_path(const std::string& dotted) {
  std::vector<std::string> parts;
  if (dotted.empty()) return parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = dotted.find('.', start);
    parts.push_back(dotted.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

bool find_path(simdjson::dom::element root, const std::vector<std::string>& path,
               simdjson::dom::element& out) {
  simdjson::dom::element current = root;
  for (const std::string& key : path) {
    simdjson::dom::object object;
    if (current.get_object().get(object) != simdjson::SUCCESS) return false;
    if (object[key].get(current) != simdjson::SUCCESS) return false;
  }
  out = current;
  return true;
}

bool is_blank(std::string_view line) {
  for (const char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

}  // namespace

const char* line_status_name(LineStatus status) {
  switch (status) {
    case LineStatus::kOk:
      return "ok";
    case LineStatus::kBlankLine:
      return "blank_line";
    case LineStatus::kMalformedJson:
      return "malformed_json";
    case LineStatus::kMissingText:
      return "missing_text";
    case LineStatus::kTextNotString:
      return "text_not_string";
  }
  return "unknown";
}

JsonLineParser::JsonLineParser(const std::string& text_field, const std::string& id_field)
    : text_path_(split_path(text_field)), id_path_(split_path(id_field)) {}

LineStatus JsonLineParser::parse(std::string_view line, ParsedLine& out) {
  out.text = {};
  out.has_id = false;
  out.id.clear();
  if (is_blank(line)) return LineStatus::kBlankLine;
  if (padded_.size() < line.size() + simdjson::SIMDJSON_PADDING) {
    padded_.resize(line.size() + line.size() / 2 + simdjson::SIMDJSON_PADDING);
  }
  std::memcpy(padded_.data(), line.data(), line.size());
  std::memset(padded_.data() + line.size(), 0, simdjson::SIMDJSON_PADDING);
  simdjson::dom::element root;
  if (parser_.parse(padded_.data(), line.size(), false).get(root) != simdjson::SUCCESS) {
    return LineStatus::kMalformedJson;
  }
  if (!root.is_object()) return LineStatus::kMalformedJson;
  simdjson::dom::element text;
  if (!find_path(root, text_path_, text)) return LineStatus::kMissingText;
  if (text.get_string().get(out.text) != simdjson::SUCCESS) return LineStatus::kTextNotString;
  simdjson::dom::element id;
  if (!id_path_.empty() && find_path(root, id_path_, id)) {
    std::string_view id_text;
    if (id.get_string().get(id_text) == simdjson::SUCCESS) {
      out.id.assign(id_text);
      out.has_id = true;
    } else if (id.is_number()) {
      out.id = simdjson::minify(id);
      out.has_id = true;
    }
  }
  return LineStatus::kOk;
}

}  // namespace neardup
