// --include and --exclude: fnmatch(3) patterns choosing which walked or globbed files are read.
#include "io/input/input_filter.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <utility>

namespace neardup {

bool pattern_matches(const std::string& pattern, std::string_view relative) {
  if (pattern.find('/') == std::string::npos) {
    const std::size_t slash = relative.rfind('/');
    if (slash != std::string_view::npos) relative.remove_prefix(slash + 1);
  }
  return ::fnmatch(pattern.c_str(), std::string(relative).c_str(), 0) == 0;
}

std::string pattern_problem(std::string_view pattern) {
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\') {
      if (++i == pattern.size()) return "ends with an unescaped \\";
    } else if (pattern[i] == '[') {
      std::size_t j = i + 1;
      if (j < pattern.size() && (pattern[j] == '!' || pattern[j] == '^')) ++j;
      if (j < pattern.size() && pattern[j] == ']') ++j;  // "[]...]": ']' first is a member
      while (j < pattern.size() && pattern[j] != ']') {
        // "[:alpha:]" and the like hold a ']' of their own
        if (pattern[j] == '[' && j + 1 < pattern.size() && pattern[j + 1] == ':') {
          const std::size_t close = pattern.find(":]", j + 2);
          if (close != std::string_view::npos) j = close + 1;
        }
        ++j;
      }
      if (j >= pattern.size()) return "[ opens a set that no ] closes (write \\[ for a literal [)";
      i = j;
    }
  }
  return "";
}

std::string filter_problem(const InputFilter& filter) {
  for (const auto& [flag, patterns] :
       {std::pair{"--include", &filter.include}, std::pair{"--exclude", &filter.exclude}}) {
    for (const std::string& pattern : *patterns) {
      if (std::string problem = pattern_problem(pattern); !problem.empty()) {
        return std::string(flag) + " '" + pattern + "': " + problem;
      }
    }
  }
  return "";
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
