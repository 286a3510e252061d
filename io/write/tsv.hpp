// TSV field escaping: tab, newline, carriage return and backslash become \t \n \r \\, and back.
#pragma once

#include <string>
#include <string_view>

namespace neardup {

/// Escapes a field for a TSV column so that ids containing tabs or newlines cannot break rows.
inline std::string escape_tsv_field(std::string_view field) {
  std::string out;
  out.reserve(field.size());
  for (const char c : field) {
    switch (c) {
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\\':
        out += "\\\\";
        break;
      default:
        out += c;
    }
  }
  return out;
}

/// The field escape_tsv_field escaped: \t \n \r \\ become tab, newline, carriage return and
/// backslash again; a backslash before any other character, or last, stays as it is.
inline std::string unescape_tsv_field(std::string_view field) {
  std::string out;
  out.reserve(field.size());
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char next = i + 1 < field.size() ? field[i + 1] : '\0';
    if (field[i] != '\\' || (next != 't' && next != 'n' && next != 'r' && next != '\\')) {
      out += field[i];
      continue;
    }
    out += next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : '\\';
    ++i;
  }
  return out;
}

}  // namespace neardup
