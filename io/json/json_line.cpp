// Parses one JSON Lines record with simdjson: the text field, the optional id, or why it is
// skipped.
#include "io/json/json_line.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>

#include "io/json/json_path.hpp"
#include "io/read/utf8.hpp"

namespace neardup {
namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

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

// Writes `line` to `out` with every byte outside a well-formed UTF-8 sequence replaced by
// U+FFFD and every control byte inside a JSON string replaced by a space; returns how many
// bytes became U+FFFD.
std::uint64_t repair(std::string_view line, std::string& out) {
  std::uint64_t replaced = 0;
  out.clear();
  out.reserve(line.size() + line.size() / 8);
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = 0; i < line.size();) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(line, i);
      if (length == 0) {
        out.append(kReplacementCharacter);
        ++replaced;
        ++i;
      } else {
        out.append(line.substr(i, length));
        i += length;
      }
      escaped = false;
      continue;
    }
    char repaired = static_cast<char>(c);
    if (in_string) {
      if (c < 0x20) repaired = ' ';
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    }
    out.push_back(repaired);
    ++i;
  }
  return replaced;
}

// True when `token` is exactly one JSON number (RFC 8259:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?).
bool is_json_number(std::string_view token) {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t start = i;
    while (i < token.size() && token[i] >= '0' && token[i] <= '9') ++i;
    return i > start;
  };
  if (i < token.size() && token[i] == '-') ++i;
  if (i < token.size() && token[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < token.size() && token[i] == '.' && (++i, !digits())) return false;
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == token.size();
}

bool is_number_byte(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Writes `line` to `out` with every valid JSON number outside strings replaced by "0" and
// spaces, as long as the number: numbers simdjson cannot hold (integers beyond 64 bits, values
// beyond double's range) then parse, every other token stays as it was (an invalid number
// stays invalid), and every byte keeps its offset. Returns whether any number was replaced.
bool neutralize_numbers(std::string_view line, std::string& out) {
  out.assign(line);
  bool replaced = false;
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t end = i;
      while (end < out.size() && is_number_byte(out[end])) ++end;
      if (is_json_number(std::string_view(out).substr(i, end - i))) {
        out[i] = '0';
        std::fill(out.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                  out.begin() + static_cast<std::ptrdiff_t>(end), ' ');
        replaced = true;
      }
      i = end - 1;
    }
  }
  return replaced;
}

std::string_view trim_trailing_space(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' ||
                           text.back() == '\n')) {
    text.remove_suffix(1);
  }
  return text;
}

template <class Integer>
std::string decimal(Integer value) {
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

}  // namespace

JsonLineParser::JsonLineParser(const std::string& text_field, const std::string& id_field,
                               const std::string& host_field)
    : text_path_(split_json_path(text_field)),
      id_path_(split_json_path(id_field)),
      host_path_(split_json_path(host_field)) {}

LineStatus JsonLineParser::parse(std::string_view line, ParsedLine& out) {
  out.text = {};
  out.has_id = false;
  out.id.clear();
  out.host_url = {};
  out.record = {};
  out.invalid_utf8_bytes = 0;
  simdjson::dom::element root;
  std::string_view source;
  const LineStatus status = parse_record(line, root, source, out.invalid_utf8_bytes);
  return status == LineStatus::kOk ? read_fields(root, source, out) : status;
}

LineStatus JsonLineParser::check(std::string_view line, std::string_view& source) {
  simdjson::dom::element root;
  std::uint64_t replaced = 0;
  return parse_record(line, root, source, replaced);
}

LineStatus JsonLineParser::parse_record(std::string_view line, simdjson::dom::element& root,
                                        std::string_view& source, std::uint64_t& replaced) {
  if (line.starts_with(kByteOrderMark)) line.remove_prefix(kByteOrderMark.size());
  source = line;
  if (is_blank(line)) return LineStatus::kBlankLine;
  simdjson::error_code error = parse_dom(line, root);
  if (error == simdjson::UTF8_ERROR || error == simdjson::UNESCAPED_CHARS) {
    replaced = repair(line, repaired_);
    source = repaired_;
    error = parse_dom(source, root);
  }
  if (error == simdjson::NUMBER_ERROR && neutralize_numbers(source, neutralized_)) {
    error = parse_dom(neutralized_, root);
  }
  return error == simdjson::SUCCESS && root.is_object() ? LineStatus::kOk
                                                        : LineStatus::kMalformedJson;
}

void JsonLineParser::load(std::string_view line) {
  if (padded_.size() < line.size() + simdjson::SIMDJSON_PADDING) {
    padded_.resize(line.size() + line.size() / 2 + simdjson::SIMDJSON_PADDING);
  }
  std::memcpy(padded_.data(), line.data(), line.size());
  std::memset(padded_.data() + line.size(), 0, simdjson::SIMDJSON_PADDING);
}

simdjson::error_code JsonLineParser::parse_dom(std::string_view text,
                                               simdjson::dom::element& root) {
  load(text);
  return parser_.parse(padded_.data(), text.size(), false).get(root);
}

LineStatus JsonLineParser::read_fields(simdjson::dom::element root, std::string_view source,
                                       ParsedLine& out) {
  out.record = source;
  read_id(root, source, out);
  simdjson::dom::element text;
  simdjson::dom::element host;
  if (!host_path_.empty() && find_path(root, host_path_, host)) {
    std::string_view url;
    if (host.get_string().get(url) == simdjson::SUCCESS) out.host_url = url;
  }
  if (!find_path(root, text_path_, text)) return LineStatus::kMissingText;
  if (text.get_string().get(out.text) != simdjson::SUCCESS) return LineStatus::kTextNotString;
  return LineStatus::kOk;
}

void JsonLineParser::read_id(simdjson::dom::element root, std::string_view source,
                             ParsedLine& out) {
  simdjson::dom::element id;
  if (id_path_.empty() || !find_path(root, id_path_, id)) return;
  std::string_view id_text;
  std::int64_t signed_id = 0;
  std::uint64_t unsigned_id = 0;
  if (id.get_string().get(id_text) == simdjson::SUCCESS) {
    out.id.assign(id_text);
  } else if (id.get_int64().get(signed_id) == simdjson::SUCCESS && signed_id != 0) {
    out.id = decimal(signed_id);  // a JSON integer other than 0 or -0 is written this way
  } else if (id.get_uint64().get(unsigned_id) == simdjson::SUCCESS && unsigned_id != 0) {
    out.id = decimal(unsigned_id);
  } else if (id.is_number()) {
    raw_number_id(source, id, out);  // a fraction, an exponent, 0, -0, or a replaced number
  } else {
    return;
  }
  out.has_id = true;
}

void JsonLineParser::raw_number_id(std::string_view source, simdjson::dom::element id,
                                   ParsedLine& out) {
  load(source);
  simdjson::ondemand::document document;
  simdjson::ondemand::object object;
  simdjson::ondemand::value value;
  bool found = raw_parser_.iterate(padded_.data(), source.size(), padded_.size()).get(document) ==
                   simdjson::SUCCESS &&
               document.get_object().get(object) == simdjson::SUCCESS;
  for (std::size_t step = 0; found && step < id_path_.size(); ++step) {
    found = object.find_field_unordered(id_path_[step]).get(value) == simdjson::SUCCESS &&
            (step + 1 == id_path_.size() || value.get_object().get(object) == simdjson::SUCCESS);
  }
  if (found) {
    out.id.assign(trim_trailing_space(value.raw_json_token()));
  } else {
    out.id = simdjson::minify(id);
  }
}

}  // namespace neardup
