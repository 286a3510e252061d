// --include and --exclude: fnmatch(3) patterns choosing which of the files found by walking a
// directory or matching a glob are read.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// The patterns of --include and --exclude. A pattern without '/' is matched against a file's
/// name; a pattern with '/' against its path relative to the walked directory (for a glob
/// match, the path as matched). Matching is fnmatch(3) without flags: '*' and '?' also match
/// '/' (so "old/*" is everything below old/), "[...]" is a set, and letter case counts.
struct InputFilter {
  std::vector<std::string> include;  // empty: every file; else a file must match one
  std::vector<std::string> exclude;  // a file matching one is left out (exclude wins)
};

/// What the filter says of one file.
enum class FilterVerdict {
  kTaken,
  kNotIncluded,  // --include given and no pattern matches
  kExcluded,     // an --exclude pattern matches
};

/// True when `pattern` matches `relative` ("sub/a.jsonl") by the rule of InputFilter: its
/// last name alone for a pattern without '/', the whole path otherwise.
bool pattern_matches(const std::string& pattern, std::string_view relative);

/// Why `pattern` is no valid fnmatch pattern ("[ opens a set that no ] closes"; a trailing
/// unescaped backslash), or "" when it is valid. fnmatch(3) would silently match nothing.
std::string pattern_problem(std::string_view pattern);

/// The first problem of the patterns of `filter` as a usage message naming the flag and the
/// pattern ("--include '[': [ opens a set that no ] closes"), or "".
std::string filter_problem(const InputFilter& filter);

/// The filter's verdict on the file at `relative` (its path below the walked directory).
FilterVerdict filter_verdict(const InputFilter& filter, std::string_view relative);

}  // namespace neardup
