// The values at dotted paths of a JSON record as their raw JSON text, read with simdjson's
// on-demand parser (which gives a value's text as written, never converted).
#include "io/json/raw_json_fields.hpp"

#include "io/json/json_path.hpp"

namespace neardup {
namespace {

std::string_view trim_space(std::string_view text) {
  const std::string_view space = " \t\r\n";
  const std::size_t first = text.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(space) - first + 1);
}

// The raw JSON text of `value`: an object or array whole, any other value as its token.
std::optional<std::string_view> raw_text(simdjson::ondemand::value value) {
  simdjson::ondemand::json_type type;
  if (value.type().get(type) != simdjson::SUCCESS) return std::nullopt;
  std::string_view raw;
  simdjson::error_code error = simdjson::SUCCESS;
  if (type == simdjson::ondemand::json_type::object) {
    simdjson::ondemand::object object;
    error = value.get_object().get(object);
    if (!error) error = object.raw_json().get(raw);
  } else if (type == simdjson::ondemand::json_type::array) {
    simdjson::ondemand::array array;
    error = value.get_array().get(array);
    if (!error) error = array.raw_json().get(raw);
  } else {
    raw = value.raw_json_token();
  }
  if (error) return std::nullopt;
  return trim_space(raw);
}

}  // namespace

RawJsonFields::RawJsonFields(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) paths_.push_back(split_json_path(path));
}

const std::vector<std::optional<std::string_view>>& RawJsonFields::read(std::string_view record) {
  values_.assign(paths_.size(), std::nullopt);
  padded_ = simdjson::padded_string(record);
  if (parser_.iterate(padded_).get(document_) != simdjson::SUCCESS) return values_;
  for (std::size_t i = 0; i < paths_.size(); ++i) {
    if (i > 0) document_.rewind();
    values_[i] = value_at(paths_[i]);
  }
  return values_;
}

std::optional<std::string_view> RawJsonFields::value_at(const std::vector<std::string>& path) {
  simdjson::ondemand::object object;
  simdjson::ondemand::value value;
  if (path.empty() || document_.get_object().get(object) != simdjson::SUCCESS) return std::nullopt;
  for (std::size_t step = 0; step < path.size(); ++step) {
    if (object.find_field_unordered(path[step]).get(value) != simdjson::SUCCESS ||
        (step + 1 < path.size() && value.get_object().get(object) != simdjson::SUCCESS)) {
      return std::nullopt;
    }
  }
  return raw_text(value);
}

}  // namespace neardup
