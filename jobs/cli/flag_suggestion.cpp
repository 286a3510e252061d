// "Did you mean": the known flag nearest to a misspelt one.
#include "jobs/cli/flag_suggestion.hpp"

#include <algorithm>
#include <cstddef>

namespace neardup {
namespace {

// Optimal string alignment distance: edits with adjacent swaps counted as one.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::string nearest_flag(std::string_view unknown, const std::vector<std::string>& known) {
  unknown = unknown.substr(0, unknown.find('='));
  std::string best;
  std::size_t best_distance = 0;
  for (const std::string& flag : known) {
    const std::size_t distance = edit_distance(unknown, flag);
    const std::size_t allowed = std::clamp<std::size_t>(std::max(unknown.size(), flag.size()) / 3,
                                                        std::size_t{1}, std::size_t{3});
    if (distance == 0 || distance > allowed) continue;
    if (best.empty() || distance < best_distance) {
      best = flag;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace neardup
