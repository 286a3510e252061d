// The values at dotted paths of a JSON record as their raw JSON text: fields echoed exactly as
// written.
#pragma once

#include <simdjson.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// Reads the values of a few fields, by dotted path ("meta.url" walks nested objects, as the
/// text and id fields do), from JSON records without converting them: an object, an array, a
/// string (with its escapes) or a number (of any size: `1.50` stays `1.50`) is given as the
/// record writes it. Reuse one reader per thread.
class RawJsonFields {
 public:
  /// Reads the fields at `paths`, in this order.
  explicit RawJsonFields(const std::vector<std::string>& paths);

  /// The raw JSON text of each path's value in `record` (a JSON object that is valid JSON,
  /// such as ParsedLine::record), without the whitespace around it; nullopt where the record
  /// has no such field (a key is absent, a step is not an object, or the path is empty). When
  /// a key is repeated, its first value. Valid until the next call.
  const std::vector<std::optional<std::string_view>>& read(std::string_view record);

  /// Where `value`, one of the values the last read() returned, starts in that record.
  std::size_t offset_of(std::string_view value) const {
    return static_cast<std::size_t>(value.data() - padded_.data());
  }

 private:
  // The raw JSON text of the value at `path` in the document being read.
  std::optional<std::string_view> value_at(const std::vector<std::string>& path);

  std::vector<std::vector<std::string>> paths_;
  std::vector<std::optional<std::string_view>> values_;
  simdjson::ondemand::parser parser_;
  simdjson::ondemand::document document_;
  simdjson::padded_string padded_;
};

}  // namespace neardup
