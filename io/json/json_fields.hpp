// Why a JSON record has no usable text field: the keys it has where the path stops, and where
// its longest string is, to name the field a user meant.
#pragma once

#include <string>
#include <string_view>

namespace neardup {

/// Describes, for a skip message, how `record` (one JSON Lines record) misses the text at the
/// dotted path `field`: `no "body" in "content"; its keys: title, html; the longest string is
/// at content.html`, or `"text" is a number; ...`. The key list is cut after 12 keys. Returns ""
/// when `record` is not a JSON object.
std::string describe_json_fields(std::string_view record, const std::string& field);

}  // namespace neardup
