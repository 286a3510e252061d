// A small streaming JSON writer for stats.json and _SUCCESS (indented, keys in call order).
#include "io/json/json_writer.hpp"

#include <cmath>
#include <cstdio>

#include "io/read/utf8.hpp"

namespace neardup {

std::string json_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char code[8];
          std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(c));
          out += code;
        } else if (static_cast<unsigned char>(c) < 0x80) {
          out += c;
        } else if (const std::size_t length = utf8_sequence_length(text, i); length == 0) {
          out += kReplacementCharacter;
        } else {
          out.append(text.substr(i, length));
          i += length - 1;
        }
    }
  }
  return out;
}

void JsonWriter::newline() {
  text_ += '\n';
  text_.append(depth_.size() * 2, ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!depth_.empty()) {
    if (depth_.back()) text_ += ',';
    depth_.back() = true;
    newline();
  }
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  text_ += '{';
  depth_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
  const bool had_members = depth_.back();
  depth_.pop_back();
  if (had_members) newline();
  text_ += bracket;
  return *this;
}

JsonWriter& JsonWriter::end_object() { return close('}'); }

JsonWriter& JsonWriter::begin_array() {
  before_value();
  text_ += '[';
  depth_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_array() { return close(']'); }

JsonWriter& JsonWriter::key(std::string_view name) {
  before_value();
  text_ += '"';
  text_ += json_escape(name);
  text_ += "\": ";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
  before_value();
  text_ += '"';
  text_ += json_escape(text);
  text_ += '"';
  return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t number) {
  before_value();
  text_ += std::to_string(number);
  return *this;
}

JsonWriter& JsonWriter::value(std::int64_t number) {
  before_value();
  text_ += std::to_string(number);
  return *this;
}

JsonWriter& JsonWriter::value(double number) {
  before_value();
  if (!std::isfinite(number)) {
    text_ += "null";
    return *this;
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6f", number);
  text_ += buffer;
  return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
  before_value();
  text_ += flag ? "true" : "false";
  return *this;
}

}  // namespace neardup
