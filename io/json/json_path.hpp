// Dotted field paths ("meta.url"): the keys of nested objects that lead to a JSON value.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// Splits a dotted path into its keys: "meta.url" gives {"meta", "url"}, "" gives none.
std::vector<std::string> split_json_path(std::string_view dotted);

}  // namespace neardup
