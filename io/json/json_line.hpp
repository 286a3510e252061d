// Parses one JSON Lines record with simdjson: the text field, the optional id, or why it is
// skipped.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/read/line_status.hpp"

namespace neardup {

/// A parsed record. `text` (unescaped) and `record` stay valid until the parser's next call.
struct ParsedLine {
  std::string_view text;
  bool has_id = false;
  std::string id;
  /// The string at the host field (JsonLineParser's host_field; a URL, unescaped), "" when
  /// there is none or it is not a string. Valid as `text` is.
  std::string_view host_url;
  /// The record as read (see JsonLineParser::check) when the line is a JSON object, whatever
  /// its text field holds (kOk, kMissingText, kTextNotString); empty otherwise.
  std::string_view record;
  std::uint64_t invalid_utf8_bytes = 0;  // bytes of the record replaced by U+FFFD (repair)
};

/// Parses JSON Lines records, extracting a text field and an id field by dotted path
/// ("meta.url" walks nested objects). Reuse one parser per thread.
class JsonLineParser {
 public:
  /// `text_field`, `id_field` and `host_field` are dotted paths; an empty id_field means "no
  /// id field", an empty host_field "no host field".
  JsonLineParser(const std::string& text_field, const std::string& id_field,
                 const std::string& host_field = "");

  /// Parses one line (without its '\n'; a trailing '\r' is whitespace). The rules:
  ///  - A UTF-8 byte-order mark (EF BB BF) at the start of the line is ignored.
  ///  - A line of only spaces, tabs and '\r' is kBlankLine.
  ///  - The whole record is validated, not only the fields; anything but a JSON object is
  ///    kMalformedJson.
  ///  - A line that is rejected only for invalid UTF-8 or for raw control characters in
  ///    strings is repaired and parsed again: each byte that is not part of a well-formed
  ///    UTF-8 sequence becomes U+FFFD (EF BF BD), and each byte 0x00-0x1F inside a JSON string
  ///    becomes a space. A control byte outside strings other than tab, CR and LF (e.g. NUL)
  ///    stays malformed. Valid lines are parsed without this extra copy. The replaced bytes
  ///    are counted in out.invalid_utf8_bytes.
  ///  - The text field must be present (kMissingText; also when a path step is not an object)
  ///    and a string (kTextNotString).
  ///  - The id is taken when the id field exists and is a string (unescaped, as is) or a
  ///    number (its JSON text exactly as written: `12` gives "12", `1.50` gives "1.50", `-0`
  ///    gives "-0", `123456789012345678901234567890` and `1e400` give themselves); any other
  ///    type, or an absent field, leaves has_id false. The id of a JSON object is read also
  ///    when its text is missing or not a string, so that such a record can be named.
  ///  - The host field is read when it exists and is a string (out.host_url).
  /// Numbers of any size are valid anywhere in the record: a line that simdjson rejects for a
  /// number it cannot represent (an integer beyond 64 bits, a value beyond double's range) is
  /// parsed again with every valid number replaced by 0, so only an invalid number (`01`, `1.`)
  /// makes it kMalformedJson.
  LineStatus parse(std::string_view line, ParsedLine& out);

  /// Checks `line` as parse() does without reading any field: kOk for a JSON object, else
  /// kBlankLine or kMalformedJson. `source` gets the record as parse() reads it (without a
  /// byte-order mark; repaired when it held invalid UTF-8 or raw control characters in
  /// strings, so it is valid JSON with the record's numbers as written), valid until the next
  /// call and as long as `line`.
  LineStatus check(std::string_view line, std::string_view& source);

  /// The JSON text of the value at `path` (keys of nested objects, see split_json_path) in the
  /// record `line`, exactly as written (a string with its quotes and escapes, an object whole,
  /// a number of any size as its digits); nullopt when the line is not a JSON object (as
  /// check() reads it) or the path leads nowhere. Valid until the next call.
  std::optional<std::string_view> raw_value(std::string_view line,
                                            const std::vector<std::string>& path);

 private:
  // Parses `line` into `root` with the repairs parse() describes; `source` gets the record's
  // text as read (see check()) and `replaced` the bytes that became U+FFFD.
  LineStatus parse_record(std::string_view line, simdjson::dom::element& root,
                          std::string_view& source, std::uint64_t& replaced);
  // Parses `text` (copied into padded_) with the DOM parser.
  simdjson::error_code parse_dom(std::string_view text, simdjson::dom::element& root);
  // Reads the id and text fields of a parsed record whose text as read is `source`.
  LineStatus read_fields(simdjson::dom::element root, std::string_view source, ParsedLine& out);
  // Reads the id field (see parse()) of a parsed record whose text as read is `source`.
  void read_id(simdjson::dom::element root, std::string_view source, ParsedLine& out);
  // Copies `line` into padded_ with simdjson's zero padding after it.
  void load(std::string_view line);
  // The JSON text of the value at `path` in `source` (a record as check() reads it).
  std::optional<std::string_view> raw_value_in(std::string_view source,
                                               const std::vector<std::string>& path);
  // Sets out.id to the JSON text, in `source`, of the number at id_path_ (element `id`).
  void raw_number_id(std::string_view source, simdjson::dom::element id, ParsedLine& out);

  simdjson::dom::parser parser_;
  simdjson::ondemand::parser raw_parser_;
  std::vector<std::string> text_path_;
  std::vector<std::string> id_path_;
  std::vector<std::string> host_path_;
  std::vector<char> padded_;
  std::string repaired_;     // the line with invalid UTF-8 and control bytes repaired
  std::string neutralized_;  // the record with its numbers replaced by 0 (see parse())
};

}  // namespace neardup
