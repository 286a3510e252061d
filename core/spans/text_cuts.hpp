// From cut tokens to cut bytes: the raw bytes a run of tokens takes in its text, and the text
// without them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/text/token_origins.hpp"
#include "core/text/tokenizer_choice.hpp"

namespace neardup {

/// Raw bytes [start, end) of a text.
struct ByteCut {
  std::uint32_t start = 0;
  std::uint32_t end = 0;
  bool operator==(const ByteCut&) const = default;
};

/// The bytes that cutting tokens [begin, end) (begin < end <= origins.size()) removes from a
/// text of `text_size` bytes whose tokens came from `origins`: from the first byte of token
/// begin to the first byte of token end (the separators after the run go with it, those
/// before it stay), or to the end of the text when the run is last. A character shared with
/// a token outside the run stays (the cut shrinks to whole characters; it may become empty,
/// start == end).
ByteCut byte_cut(std::span<const TokenOrigin> origins, std::uint32_t text_size, std::uint32_t begin,
                 std::uint32_t end);

/// Whether cutting tokens [begin, end) (byte_cut) would leave the token before the cut right
/// against the token after it with nothing between, and `tokenizer` then reads the two as one
/// token (a word, a Han run cut, a word: "abc" + "def" would become "abcdef"). Only a run that
/// starts with no separator before it can: one of the tokens there is of a script written
/// without spaces.
bool joins_neighbours(std::string_view text, std::span<const TokenOrigin> origins,
                      std::uint32_t begin, std::uint32_t end, Tokenizer& tokenizer);

/// `text` without the bytes of `cuts` (in order, disjoint).
std::string text_without(std::string_view text, std::span<const ByteCut> cuts);

}  // namespace neardup
