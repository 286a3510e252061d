// The Unicode tokenizer: NFKC + case folding by utf8proc, tokens by general category.
#include "core/text/unicode_tokenizer.hpp"

#include <utf8proc.h>

#include <cstring>
#include <vector>

#include "core/text/code_point_classes.hpp"
#include "core/text/token_writer.hpp"

namespace neardup {
namespace {

using detail::add_valid_run;
using detail::decode;
using detail::kNfkcCasefold;
using detail::TokenWriter;

constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

// ASCII spans shorter than this are tokenized byte by byte, longer ones by the ASCII kernel.
constexpr std::size_t kShortAscii = 16;

// The index of the first byte >= 0x80 at or after `from`, eight bytes at a time, or
// text.size() when there is none.
std::size_t find_non_ascii(std::string_view text, std::size_t from) {
  std::size_t at = from;
  for (; at + 8 <= text.size(); at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + at, sizeof word);
    if ((word & kHighBits) != 0) break;
  }
  while (at < text.size() && static_cast<unsigned char>(text[at]) < 0x80) ++at;
  return at;
}

// Whether the text at `at` starts with a character NFKC may join to the one before it
// (kJoinsPrevious).
bool may_join_previous(std::string_view text, std::size_t at) {
  if (at >= text.size() || static_cast<unsigned char>(text[at]) < 0x80) return false;
  std::int32_t cp = 0;
  return decode(text, at, cp) > 0 && (code_point_class(cp) & kJoinsPrevious) != 0;
}

// Whether the ASCII byte at `at` separates tokens in a way normalization cannot undo: a
// separator that nothing after it may join.
bool is_hard_separator(std::string_view text, std::size_t at) {
  return !is_token_byte(static_cast<unsigned char>(text[at])) && !may_join_previous(text, at + 1);
}

}  // namespace

// Normalizes a run of valid UTF-8 and adds its tokens. utf8proc_map would allocate the
// result for every run; decomposing into a reused buffer and re-encoding in place (what
// utf8proc_map does inside) does not.
void detail::add_valid_run(std::string_view run, detail::TokenWriter& writer) {
  thread_local std::vector<utf8proc_int32_t> buffer;
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(run.data());
  const auto size = static_cast<utf8proc_ssize_t>(run.size());
  if (buffer.size() < run.size() + 16) buffer.resize(run.size() * 2 + 16);
  utf8proc_ssize_t length = utf8proc_decompose(
      bytes, size, buffer.data(), static_cast<utf8proc_ssize_t>(buffer.size()), kNfkcCasefold);
  if (length > static_cast<utf8proc_ssize_t>(buffer.size())) {
    buffer.resize(static_cast<std::size_t>(length));
    length = utf8proc_decompose(bytes, size, buffer.data(), length, kNfkcCasefold);
  }
  if (length < 0) return;  // not reached: the run's bytes were checked valid
  // Composes (NFKC) and writes the UTF-8 over the buffer's start.
  length = utf8proc_reencode(buffer.data(), length, kNfkcCasefold);
  if (length < 0) return;
  writer.add({reinterpret_cast<const char*>(buffer.data()), static_cast<std::size_t>(length)});
}

namespace {

void clear(TokenStream& out) {
  out.text.clear();
  out.starts.clear();
  out.ends.clear();
}

// Adds the tokens of `text`: each maximal run of valid UTF-8 normalized as a whole, each
// invalid byte a separator (counted).
void add_text(std::string_view text, TokenWriter& writer, std::uint64_t& invalid_utf8_bytes) {
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  const auto size = static_cast<utf8proc_ssize_t>(text.size());
  utf8proc_ssize_t run_start = 0;
  for (utf8proc_ssize_t at = 0; at < size;) {
    utf8proc_int32_t cp = 0;
    const utf8proc_ssize_t length = utf8proc_iterate(bytes + at, size - at, &cp);
    if (length > 0) {
      at += length;
      continue;
    }
    add_valid_run(
        text.substr(static_cast<std::size_t>(run_start), static_cast<std::size_t>(at - run_start)),
        writer);
    writer.end_token();  // an invalid byte separates tokens
    ++invalid_utf8_bytes;
    run_start = ++at;
  }
  add_valid_run(text.substr(static_cast<std::size_t>(run_start)), writer);
  writer.end_token();
}

// Adds the tokens of a piece of text between hard separators, normalizing only where it must.
// A boundary before a character that does not join the one before it (kJoinsPrevious) is a
// boundary for NFKC too, so the piece is cut there into segments: a stable character alone is
// added as it is (an ASCII capital lowercased), a segment with anything else is normalized by
// utf8proc. The last stable character is held back in case the next one joins it.
class PieceAdder {
 public:
  PieceAdder(TokenWriter& writer, std::uint64_t& invalid_utf8_bytes)
      : writer_(writer), invalid_utf8_bytes_(invalid_utf8_bytes) {}

  void add(std::string_view piece) {
    piece_ = piece;
    for (std::size_t at = 0; at < piece.size();) {
      std::int32_t cp = 0;
      const std::size_t length = decode(piece, at, cp);
      next_ = at;
      if (length == 0) {  // an invalid byte separates tokens
        flush();
        writer_.end_token();
        ++invalid_utf8_bytes_;
        ++at;
        continue;
      }
      add_character(at, length, cp);
      at += length;
    }
    next_ = piece.size();
    flush();
    writer_.end_token();
  }

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  void add_character(std::size_t at, std::size_t length, std::int32_t cp) {
    const std::uint8_t bits = code_point_class(cp);
    if ((bits & kJoinsPrevious) != 0) {
      if (segment_ == kNone) segment_ = held_ != kNone ? held_ : at;
      segment_alone_ = {};
      held_ = kNone;
      return;
    }
    flush();
    const bool ascii_capital = cp >= 'A' && cp <= 'Z';
    if ((bits & kStable) != 0 || ascii_capital) {
      held_ = at;
      held_length_ = length;
      held_bits_ = ascii_capital ? static_cast<std::uint8_t>(kWordCharacter | kStable) : bits;
    } else {
      segment_ = at;
      segment_alone_ = normalized_alone(cp);
    }
  }

  // Adds the held character and the open segment, both ending where the next character starts.
  void flush() {
    if (held_ != kNone) {
      std::string_view character = piece_.substr(held_, held_length_);
      char lowered = 0;
      if (character.size() == 1 && character[0] >= 'A' && character[0] <= 'Z') {
        lowered = static_cast<char>(character[0] + ('a' - 'A'));
        character = {&lowered, 1};
      }
      writer_.add_character(character, held_bits_);
      held_ = kNone;
    }
    if (segment_ != kNone) {
      if (!segment_alone_.empty()) {
        writer_.add(segment_alone_);
      } else {
        add_valid_run(piece_.substr(segment_, next_ - segment_), writer_);
      }
      segment_ = kNone;
    }
  }

  TokenWriter& writer_;
  std::uint64_t& invalid_utf8_bytes_;
  std::string_view piece_;
  std::size_t held_ = kNone;  // the held stable character
  std::size_t held_length_ = 0;
  std::uint8_t held_bits_ = 0;
  std::size_t segment_ = kNone;     // the start of a segment to normalize
  std::string_view segment_alone_;  // its normalized form when it is one character that has one
  std::size_t next_ = 0;            // where the character being added starts
};

}  // namespace

bool is_unspaced_script(std::int32_t cp) {
  const auto in = [cp](std::int32_t first, std::int32_t last) { return cp >= first && cp <= last; };
  return in(0x4E00, 0x9FFF) || in(0x3400, 0x4DBF) || in(0x20000, 0x323AF) ||  // Han
         in(0xF900, 0xFAFF) || in(0x2F800, 0x2FA1F) ||  // Han compatibility ideographs
         in(0x3005, 0x3007) || in(0x3021, 0x3029) || in(0x3038, 0x303B) ||  // Han marks
         in(0x3040, 0x309F) || in(0x30A0, 0x30FF) || in(0x31F0, 0x31FF) ||  // kana
         in(0xFF66, 0xFF9F) ||                                              // halfwidth kana
         in(0x0E00, 0x0E7F) || in(0x0E80, 0x0EFF) ||                        // Thai, Lao
         in(0x1780, 0x17FF) || in(0x19E0, 0x19FF) ||                        // Khmer
         in(0x1000, 0x109F) || in(0xA9E0, 0xA9FF) || in(0xAA60, 0xAA7F);    // Myanmar
}

std::vector<std::string_view> word_pieces(std::string_view text) {
  std::vector<std::string_view> pieces;
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  const auto size = static_cast<utf8proc_ssize_t>(text.size());
  std::size_t start = 0;
  bool in_unspaced = false;  // the open piece is one unspaced character (and its marks)
  const auto close = [&](std::size_t end) {
    if (end > start) pieces.push_back(text.substr(start, end - start));
    start = end;
  };
  for (utf8proc_ssize_t at = 0; at < size;) {
    utf8proc_int32_t cp = 0;
    const utf8proc_ssize_t length = utf8proc_iterate(bytes + at, size - at, &cp);
    if (length <= 0) {  // an invalid byte: part of whatever piece it is in
      ++at;
      continue;
    }
    const auto here = static_cast<std::size_t>(at);
    const std::uint8_t bits = code_point_class(cp);
    const bool mark = (bits & kMark) != 0;
    if (utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS || cp == '\t' || cp == '\n' || cp == '\v' ||
        cp == '\f' || cp == '\r' || cp == 0x85 || cp == 0x2028 || cp == 0x2029) {
      close(here);
      start = here + static_cast<std::size_t>(length);
      in_unspaced = false;
    } else if ((bits & kUnspaced) != 0 && !(in_unspaced && mark)) {
      close(here);
      in_unspaced = true;
    } else if (in_unspaced && !mark) {
      close(here);
      in_unspaced = false;
    }
    at += length;
  }
  close(text.size());
  return pieces;
}

void tokenize_unicode_whole(std::string_view raw, TokenStream& out,
                            std::uint64_t& invalid_utf8_bytes) {
  clear(out);
  TokenWriter writer(out);
  add_text(raw, writer, invalid_utf8_bytes);
}

void tokenize_unicode(std::string_view raw, TokenStream& out, std::uint64_t& invalid_utf8_bytes,
                      void (*ascii_tokenizer)(std::string_view, TokenStream&)) {
  std::size_t non_ascii = find_non_ascii(raw, 0);
  if (non_ascii == raw.size()) {
    ascii_tokenizer(raw, out);
    return;
  }
  clear(out);
  out.text.reserve(raw.size() + raw.size() / 2);  // NFKC rarely grows text by more
  out.starts.reserve(raw.size() / 2);
  out.ends.reserve(raw.size() / 2);
  TokenWriter writer(out);
  thread_local TokenStream ascii;
  // The text alternates ASCII spans, which the ASCII tokenizer takes whole, and pieces holding
  // other bytes, which start and end at hard separators (NFKC never composes across them).
  const auto add_ascii = [&](std::size_t from, std::size_t to) {
    if (to <= from) return;
    if (to - from < kShortAscii) {
      writer.add_ascii(raw.substr(from, to - from));
      writer.end_token();
      return;
    }
    ascii_tokenizer(raw.substr(from, to - from), ascii);
    writer.add_tokens(ascii);
  };
  for (std::size_t at = 0; at < raw.size();) {
    non_ascii = find_non_ascii(raw, at);
    if (non_ascii == raw.size()) {
      add_ascii(at, raw.size());
      break;
    }
    std::size_t piece = non_ascii;
    while (piece > at && is_token_byte(static_cast<unsigned char>(raw[piece - 1]))) --piece;
    if (piece > at && piece == non_ascii && may_join_previous(raw, non_ascii)) {
      --piece;  // the separator before a combining character is part of the piece
      while (piece > at && is_token_byte(static_cast<unsigned char>(raw[piece - 1]))) --piece;
    }
    add_ascii(at, piece);
    std::size_t end = non_ascii + 1;
    while (end < raw.size() &&
           (static_cast<unsigned char>(raw[end]) >= 0x80 || !is_hard_separator(raw, end))) {
      ++end;
    }
    PieceAdder(writer, invalid_utf8_bytes).add(raw.substr(piece, end - piece));
    at = end;
  }
  writer.end_token();
}

}  // namespace neardup
