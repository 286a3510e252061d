// Byte cuts from token origins, and the text that remains.
#include "core/spans/text_cuts.hpp"

#include <algorithm>

namespace neardup {

ByteCut byte_cut(std::span<const TokenOrigin> origins, std::uint32_t text_size, std::uint32_t begin,
                 std::uint32_t end) {
  std::uint32_t start = origins[begin].start;
  if (begin > 0) start = std::max(start, origins[begin - 1].end);
  std::uint32_t stop = end < origins.size() ? origins[end].start : text_size;
  stop = std::max(stop, start);
  return {start, stop};
}

std::string text_without(std::string_view text, std::span<const ByteCut> cuts) {
  std::string out;
  out.reserve(text.size());
  std::uint32_t at = 0;
  for (const ByteCut& cut : cuts) {
    out.append(text.substr(at, cut.start - at));
    at = cut.end;
  }
  out.append(text.substr(at));
  return out;
}

}  // namespace neardup
