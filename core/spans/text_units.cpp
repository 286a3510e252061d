// Units by lines: a paragraph is the lines up to a blank one, with the blank lines after it.
#include "core/spans/text_units.hpp"

namespace neardup {
namespace {

bool is_blank(std::string_view line) {
  return line.find_first_not_of(" \t\r\f\v\n") == std::string_view::npos;
}

// The lines of `text` as byte ranges, each with its '\n'.
std::vector<ByteCut> lines_of(std::string_view text) {
  std::vector<ByteCut> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t newline = text.find('\n', start);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    lines.push_back({static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(end)});
    start = end;
  }
  return lines;
}

// Runs of lines that are not blank, each with the blank lines after it.
std::vector<ByteCut> paragraphs_of(std::string_view text) {
  std::vector<ByteCut> paragraphs;
  bool open = false;
  for (const ByteCut& line : lines_of(text)) {
    if (is_blank(text.substr(line.start, line.end - line.start))) {
      if (!paragraphs.empty()) paragraphs.back().end = line.end;
      open = false;
    } else if (open) {
      paragraphs.back().end = line.end;
    } else {
      paragraphs.push_back(line);
      open = true;
    }
  }
  return paragraphs;
}

}  // namespace

std::vector<TextUnit> text_units(std::string_view text, std::span<const TokenOrigin> origins,
                                 SpanUnit unit) {
  const std::vector<ByteCut> ranges =
      unit == SpanUnit::kParagraph ? paragraphs_of(text) : lines_of(text);
  std::vector<TextUnit> units;
  std::uint32_t token = 0;
  const auto tokens = static_cast<std::uint32_t>(origins.size());
  for (const ByteCut& range : ranges) {
    while (token < tokens && origins[token].start < range.start) ++token;
    const std::uint32_t begin = token;
    while (token < tokens && origins[token].start < range.end) ++token;
    if (token > begin) units.push_back({begin, token, range});
  }
  return units;
}

std::vector<TokenCut> cut_units(std::span<const TextUnit> units, std::span<const WindowFact> facts,
                                KeepOccurrence keep) {
  std::vector<TokenCut> cuts;
  for (std::size_t i = 0; i < units.size() && i < facts.size(); ++i) {
    const WindowFact& f = facts[i];
    const bool cut = keep == KeepOccurrence::kNone ? f.kind != WindowFact::Kind::kUnique
                                                   : f.kind == WindowFact::Kind::kCopy;
    if (!cut) continue;
    const TextUnit& u = units[i];
    cuts.push_back({u.begin, u.end, keep == KeepOccurrence::kFirst, f.equal_doc, f.equal_token,
                    u.begin, u.end});
  }
  return cuts;
}

}  // namespace neardup
