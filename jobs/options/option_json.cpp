// The option lists as JSON: written into stats.json and the keys, and read back.
#include "jobs/options/option_json.hpp"

namespace neardup {

bool OptionJsonReader::wanted(const OptionInfo& info) const {
  return problem_.empty() && info.scope != ParameterScope::kNone;
}

void OptionJsonReader::fail(const OptionInfo& info, const std::string& why) {
  if (problem_.empty()) problem_ = std::string("parameter \"") + info.json + "\": " + why;
}

bool OptionJsonReader::read_text(const OptionInfo& info, std::string& text) {
  if (!wanted(info)) return false;
  std::string_view view;
  if (object_[info.json].get(view) != simdjson::SUCCESS) {
    fail(info, "missing or not a string");
    return false;
  }
  text = std::string(view);
  return true;
}

void OptionJsonReader::value(const OptionInfo& info, std::string& text) { read_text(info, text); }

void OptionJsonReader::value(const OptionInfo& info, bool& flag) {
  if (!wanted(info)) return;
  if (object_[info.json].get(flag) != simdjson::SUCCESS) fail(info, "missing or not true/false");
}

void OptionJsonReader::value(const OptionInfo& info, std::vector<std::string>& texts) {
  if (!wanted(info)) return;
  simdjson::dom::element element;
  texts.clear();
  if (object_[info.json].get(element) != simdjson::SUCCESS) return;  // an empty list
  simdjson::dom::array array;
  if (element.get(array) != simdjson::SUCCESS) return fail(info, "not a list");
  for (const simdjson::dom::element item : array) {
    std::string_view text;
    if (item.get(text) != simdjson::SUCCESS) return fail(info, "an item is not a string");
    texts.emplace_back(text);
  }
}

}  // namespace neardup
