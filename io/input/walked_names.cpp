// Which names a directory walk passes over by name alone: hidden names and neardup's own outputs.
#include "io/input/walked_names.hpp"

#include "io/write/output_names.hpp"

namespace neardup {
namespace {

// Whether `name` is `own` or `own` with a ".SUFFIX" (_SUCCESS.tmp, _LOCK.break).
bool names(std::string_view name, std::string_view own) {
  return name == own || (name.starts_with(own) && name[own.size()] == '.');
}

}  // namespace

NameKind name_kind(std::string_view name) {
  if (name.empty() || name.front() == '.') return NameKind::kHidden;
  if (name.front() != '_') return NameKind::kOrdinary;
  // The run's markers and scratch (the outputs named with '_'), and Hadoop's scratch folder.
  for (const OutputEntry& entry : output_entries()) {
    if (entry.name.starts_with('_') && names(name, entry.name)) return NameKind::kOwnOutput;
  }
  return names(name, "_temporary") ? NameKind::kOwnOutput : NameKind::kOrdinary;
}

bool pattern_names_kind(std::string_view pattern, NameKind kind) {
  const std::size_t slash = pattern.rfind('/');
  const std::string_view last =
      slash == std::string_view::npos ? pattern : pattern.substr(slash + 1);
  switch (kind) {
    case NameKind::kOrdinary:
      return true;
    case NameKind::kHidden:
      return last.starts_with('.');
    case NameKind::kOwnOutput:
      return last.starts_with('_');
  }
  return false;
}

bool pattern_enters(std::string_view pattern, std::string_view relative) {
  return pattern.size() > relative.size() && pattern.starts_with(relative) &&
         pattern[relative.size()] == '/';
}

}  // namespace neardup
