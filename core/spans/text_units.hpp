// Lines and paragraphs of a text as units: their tokens and raw bytes, and the cuts their
// facts give (--unit line, --unit paragraph).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/spans/repeat_cuts.hpp"
#include "core/spans/span_spec.hpp"
#include "core/spans/text_cuts.hpp"
#include "core/text/token_origins.hpp"

namespace neardup {

/// A line or paragraph: its tokens [begin, end) and its raw bytes.
struct TextUnit {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  ByteCut bytes;
  bool operator==(const TextUnit&) const = default;
};

/// The units of `text`, whose tokens came from `origins`, in order, those with a token only.
/// kLine: each line with the '\n' that ends it. kParagraph: each run of lines that are not
/// blank (only spaces, tabs, '\r', '\f', '\v'), with the blank lines after it. A unit owns the
/// tokens that start in its bytes.
std::vector<TextUnit> text_units(std::string_view text, std::span<const TokenOrigin> origins,
                                 SpanUnit unit);

/// The cuts of a document whose unit i is `units[i]` with fact `facts[i]`: under kFirst each
/// kCopy unit, kept as the equal unit; under kNone each unit that is not kUnique. A cut's
/// proof is its unit.
std::vector<TokenCut> cut_units(std::span<const TextUnit> units, std::span<const WindowFact> facts,
                                KeepOccurrence keep);

}  // namespace neardup
