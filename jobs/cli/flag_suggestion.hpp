// "Did you mean": the known flag nearest to a misspelt one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace neardup {

/// The flag of `known` ("--threshold", "-t") nearest to `unknown` ("--treshold") by edit
/// distance (insertions, deletions, substitutions and swaps of neighbours), when it is close
/// enough to be a misspelling (at most a third of the longer name, at least 1, at most 3 edits);
/// "" when none is. `unknown` may carry "=VALUE", which is ignored.
std::string nearest_flag(std::string_view unknown, const std::vector<std::string>& known);

}  // namespace neardup
