// --include and --exclude: fnmatch(3) patterns choosing which walked or globbed files are read.
#include "io/input_filter.hpp"

#include <fnmatch.h>

#include <algorithm>

namespace neardup {

bool pattern_matches(const std::string& pattern, std::string_view relative) {
  if (pattern.find('/') == std::string::npos) {
    const std::size_t slash = relative.rfind('/');
    if (slash != std::string_view::npos) relative.remove_prefix(slash + 1);
  }
  return ::fnmatch(pattern.c_str(), std::string(relative).c_str(), 0) == 0;
}

FilterVerdict filter_verdict(const InputFilter& filter, std::string_view relative) {
  const auto matches = [relative](const std::string& pattern) {
    return pattern_matches(pattern, relative);
  };
  if (std::any_of(filter.exclude.begin(), filter.exclude.end(), matches)) {
    return FilterVerdict::kExcluded;
  }
  if (!filter.include.empty() &&
      std::none_of(filter.include.begin(), filter.include.end(), matches)) {
    return FilterVerdict::kNotIncluded;
  }
  return FilterVerdict::kTaken;
}

}  // namespace neardup
