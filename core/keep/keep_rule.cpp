// Which document of a cluster is kept (--keep): the first in input order, the longest, the
// shortest, or the one with the largest or smallest value of a numeric field.
#include "core/keep/keep_rule.hpp"

namespace neardup {
namespace {

constexpr std::string_view kFieldPrefix = "field:";

// Whether `path` is a dotted path with no empty step ("a.b", not "a..b" or ".a").
bool valid_dotted_path(std::string_view path) {
  if (path.empty() || path.front() == '.' || path.back() == '.') return false;
  return path.find("..") == std::string_view::npos;
}

}  // namespace

std::optional<KeepRule> parse_keep_rule(std::string_view text) {
  if (text == "first") return KeepRule{};
  if (text == "longest") return KeepRule{KeepBy::kLength, "", true};
  if (text == "shortest") return KeepRule{KeepBy::kLength, "", false};
  if (!text.starts_with(kFieldPrefix)) return std::nullopt;
  std::string_view path = text.substr(kFieldPrefix.size());
  bool larger = true;
  if (const std::size_t colon = path.rfind(':'); colon != std::string_view::npos) {
    const std::string_view direction = path.substr(colon + 1);
    if (direction != "max" && direction != "min") return std::nullopt;
    larger = direction == "max";
    path = path.substr(0, colon);
  }
  if (!valid_dotted_path(path) || path.find(':') != std::string_view::npos) return std::nullopt;
  return KeepRule{KeepBy::kField, std::string(path), larger};
}

std::string keep_rule_name(const KeepRule& rule) {
  switch (rule.by) {
    case KeepBy::kInputOrder:
      return "first";
    case KeepBy::kLength:
      return rule.prefer_larger ? "longest" : "shortest";
    case KeepBy::kField:
      return std::string(kFieldPrefix) + rule.field + (rule.prefer_larger ? ":max" : ":min");
  }
  return "first";
}

bool kept_before(const KeepRule& rule, const KeepCandidate& a, const KeepCandidate& b) {
  if (rule.by != KeepBy::kInputOrder) {
    if (a.has_value != b.has_value) return a.has_value;
    if (a.has_value && a.value != b.value) {
      return rule.prefer_larger ? a.value > b.value : a.value < b.value;
    }
  }
  return a.doc < b.doc;
}

}  // namespace neardup
