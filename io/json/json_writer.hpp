// A small streaming JSON writer for stats.json and _SUCCESS (indented, keys in call order).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// Builds indented JSON text. Call key() before each value inside an object; values inside
/// arrays need no key. Strings are escaped per RFC 8259 (control bytes as \u00XX; invalid UTF-8
/// as U+FFFD, see json_escape).
class JsonWriter {
 public:
  /// Opens an object (as a value).
  JsonWriter& begin_object();
  /// Closes the innermost object.
  JsonWriter& end_object();
  /// Opens an array (as a value).
  JsonWriter& begin_array();
  /// Closes the innermost array.
  JsonWriter& end_array();
  /// Writes the key of the next member of the current object.
  JsonWriter& key(std::string_view name);
  /// Writes a string value.
  JsonWriter& value(std::string_view text);
  /// Writes a string value (overload so literals do not decay to bool).
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  /// Writes an unsigned integer value.
  JsonWriter& value(std::uint64_t number);
  /// Writes a signed integer value.
  JsonWriter& value(std::int64_t number);
  /// Writes an int value.
  JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
  /// Writes an unsigned value.
  JsonWriter& value(unsigned number) { return value(static_cast<std::uint64_t>(number)); }
  /// Writes a floating-point value with up to 6 decimals (non-finite values become null).
  JsonWriter& value(double number);
  /// Writes a boolean value.
  JsonWriter& value(bool flag);

  /// The text written so far, with a trailing newline once every container is closed.
  std::string str() const { return text_ + (depth_.empty() ? "\n" : ""); }

 private:
  void before_value();
  JsonWriter& close(char bracket);
  void newline();

  std::string text_;
  std::vector<bool> depth_;  // per open container: has it any member yet?
  bool after_key_ = false;
};

/// Escapes `text` as the inside of a JSON string: '"', '\\' and control bytes escaped, and each
/// byte that is not part of well-formed UTF-8 written as U+FFFD, so the result is always valid
/// JSON whatever the bytes (a caller that must keep the bytes uses base64).
std::string json_escape(std::string_view text);

}  // namespace neardup
