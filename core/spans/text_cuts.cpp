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

bool joins_neighbours(std::string_view text, std::span<const TokenOrigin> origins,
                      std::uint32_t begin, std::uint32_t end, Tokenizer& tokenizer) {
  if (begin == 0 || end >= origins.size()) return false;
  const ByteCut cut = byte_cut(origins, static_cast<std::uint32_t>(text.size()), begin, end);
  const TokenOrigin before = origins[begin - 1], after = origins[end];
  if (before.end != cut.start || after.start != cut.end) return false;
  thread_local TokenStream tokens;
  std::string joined(text.substr(before.start, before.end - before.start));
  joined.append(text.substr(after.start, after.end - after.start));
  tokenizer.tokenize(joined, tokens);
  return tokens.size() < 2;
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
