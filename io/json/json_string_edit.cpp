// Replacing one field's raw value in place, found by RawJsonFields.
#include "io/json/json_string_edit.hpp"

#include "io/json/json_writer.hpp"

namespace neardup {

std::optional<std::string> JsonStringEdit::with_text(std::string_view record,
                                                     std::string_view text) {
  const std::optional<std::string_view> value = fields_.read(record).front();
  if (!value) return std::nullopt;
  const std::size_t start = fields_.offset_of(*value);
  std::string out;
  out.reserve(record.size() + 2);
  out.append(record.substr(0, start));
  out.push_back('"');
  out.append(json_escape(text));
  out.push_back('"');
  out.append(record.substr(start + value->size()));
  return out;
}

}  // namespace neardup
