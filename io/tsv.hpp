// TSV field escaping: tab, newline, carriage return and backslash become \t \n \r \\.
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

}  // namespace neardup
