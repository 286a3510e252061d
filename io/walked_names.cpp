// Which names a directory walk passes over by name alone: hidden names and neardup's own outputs.
#include "io/walked_names.hpp"

namespace neardup {
namespace {

// Folders and files that neardup (or a Hadoop-style writer) creates in an output directory.
constexpr std::string_view kOwnOutputs[] = {"_SUCCESS",         "_LOCK",     "_checkpoint", "_tmp",
                                            "_reference_index", "_temporary"};

}  // namespace

NameKind name_kind(std::string_view name) {
  if (name.empty() || name.front() == '.') return NameKind::kHidden;
  if (name.front() != '_') return NameKind::kOrdinary;
  for (const std::string_view own : kOwnOutputs) {
    if (name == own || (name.starts_with(own) && name[own.size()] == '.')) {
      return NameKind::kOwnOutput;
    }
  }
  return NameKind::kOrdinary;
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
