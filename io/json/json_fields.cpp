// Why a JSON record has no usable text field: the keys it has where the path stops, and where
// its longest string is, to name the field a user meant.
#include "io/json/json_fields.hpp"

#include <simdjson.h>

#include <cstddef>
#include <vector>

#include "io/json/json_path.hpp"

namespace neardup {
namespace {

constexpr std::size_t kListedKeys = 12;

std::string type_name(simdjson::dom::element_type type) {
  using enum simdjson::dom::element_type;
  switch (type) {
    case ARRAY:
      return "an array";
    case OBJECT:
      return "an object";
    case STRING:
      return "a string";
    case BOOL:
      return "a boolean";
    case NULL_VALUE:
      return "null";
    default:
      return "a number";
  }
}

std::string joined(const std::vector<std::string>& parts, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += (i == 0 ? "" : ".") + parts[i];
  return text;
}

std::string key_list(simdjson::dom::object object) {
  std::string text;
  std::size_t listed = 0;
  for (const auto field : object) {
    if (listed++ == kListedKeys) return text + ", ...";
    text += (text.empty() ? "" : ", ") + std::string(field.key);
  }
  return text.empty() ? "none" : text;
}

// The dotted path of the longest string in objects nested in `object` (arrays not entered).
void find_longest_string(simdjson::dom::object object, const std::string& prefix,
                         std::size_t& longest, std::string& path) {
  for (const auto field : object) {
    const std::string here =
        prefix.empty() ? std::string(field.key) : prefix + "." + std::string(field.key);
    std::string_view text;
    simdjson::dom::object inner;
    if (field.value.get_string().get(text) == simdjson::SUCCESS) {
      if (text.size() > longest) {
        longest = text.size();
        path = here;
      }
    } else if (field.value.get_object().get(inner) == simdjson::SUCCESS) {
      find_longest_string(inner, here, longest, path);
    }
  }
}

// Where the path `parts` stops in `root`, as a phrase.
std::string path_miss(simdjson::dom::element root, const std::vector<std::string>& parts) {
  simdjson::dom::element at = root;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    simdjson::dom::object object;
    if (at.get_object().get(object) != simdjson::SUCCESS) {
      return "\"" + joined(parts, i) + "\" is " + type_name(at.type()) + ", not an object";
    }
    if (object.at_key(parts[i]).get(at) != simdjson::SUCCESS) {
      const std::string where = i == 0 ? "the record" : "\"" + joined(parts, i) + "\"";
      return "no \"" + parts[i] + "\" in " + where + "; its keys: " + key_list(object);
    }
  }
  return "\"" + joined(parts, parts.size()) + "\" is " + type_name(at.type());
}

}  // namespace

std::string describe_json_fields(std::string_view record, const std::string& field) {
  simdjson::dom::parser parser;
  const simdjson::padded_string padded(record);
  simdjson::dom::element element;
  simdjson::dom::object root;
  if (parser.parse(padded).get(element) != simdjson::SUCCESS ||
      element.get_object().get(root) != simdjson::SUCCESS) {
    return "";
  }
  std::string text = path_miss(element, split_json_path(field));
  std::size_t longest = 0;
  std::string path;
  find_longest_string(root, "", longest, path);
  if (!path.empty()) text += "; the longest string is at " + path;
  return text;
}

}  // namespace neardup
