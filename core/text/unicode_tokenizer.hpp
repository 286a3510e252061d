// The Unicode tokenizer (the default, --tokenizer unicode): text normalized with NFKC and full
// case folding (utf8proc), tokens are maximal runs of letters, marks and digits, and each
// character of a script written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar) is a
// token of its own, so word n-grams become character n-grams there.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/text/tokenizer.hpp"

namespace neardup {

/// Whether `codepoint` belongs to a script written without spaces between words: Han
/// (ideographs and their compatibility forms), Hiragana, Katakana, Thai, Lao, Khmer, Myanmar.
/// Hangul is written with spaces and is not one of them.
bool is_unspaced_script(std::int32_t codepoint);

/// Splits `raw` into canonical tokens under the Unicode rules above and writes them into
/// `out` (tokens joined by single spaces), replacing its previous contents. Every category
/// other than L*, M* and N* (punctuation, symbols, every Unicode space, controls) separates
/// tokens; a mark right after an unspaced-script character stays with it. Each byte that is
/// not part of valid UTF-8 separates tokens too and is added to `invalid_utf8_bytes`. Pure
/// ASCII input gives exactly the tokens of `tokenize` and takes its fast path:
/// `ascii_tokenizer`, by default `tokenize` (the fastest kernel this CPU has; Tokenizer passes
/// the kernel of --kernel, tests and benchmarks each kernel).
void tokenize_unicode(std::string_view raw, TokenStream& out, std::uint64_t& invalid_utf8_bytes,
                      void (*ascii_tokenizer)(std::string_view, TokenStream&) = tokenize);

/// The definition tokenize_unicode follows, computed the slow way: each maximal run of valid
/// UTF-8 normalized as a whole (tokenize_unicode normalizes only the non-ASCII words). For
/// tests.
void tokenize_unicode_whole(std::string_view raw, TokenStream& out,
                            std::uint64_t& invalid_utf8_bytes);

/// Cuts `text` into the pieces a reader sees as words, for showing differences (never for
/// hashing): the runs between whitespace (ASCII or Unicode), with each character of an
/// unspaced script, and the marks after it, a piece of its own. Invalid UTF-8 bytes stay
/// inside their piece. The pieces are views into `text`, in order.
std::vector<std::string_view> word_pieces(std::string_view text);

}  // namespace neardup
