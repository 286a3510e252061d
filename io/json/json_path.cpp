// Dotted field paths ("meta.url"): the keys of nested objects that lead to a JSON value.
#include "io/json/json_path.hpp"

namespace neardup {

std::vector<std::string> split_json_path(std::string_view dotted) {
  std::vector<std::string> keys;
  if (dotted.empty()) return keys;
  for (std::size_t begin = 0;;) {
    const std::size_t dot = dotted.find('.', begin);
    keys.emplace_back(dotted.substr(begin, dot - begin));
    if (dot == std::string_view::npos) return keys;
    begin = dot + 1;
  }
}

}  // namespace neardup
