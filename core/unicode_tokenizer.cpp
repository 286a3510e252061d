// The Unicode tokenizer: NFKC + case folding by utf8proc, tokens by general category.
#include "core/unicode_tokenizer.hpp"

#include <utf8proc.h>

#include <cstring>
#include <vector>

namespace neardup {
namespace {

constexpr utf8proc_option_t kNfkcCasefold = static_cast<utf8proc_option_t>(
    UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);

// Whether every byte is below 0x80, eight bytes at a time.
bool is_ascii(std::string_view text) {
  std::size_t at = 0;
  std::uint64_t high_bits = 0;
  for (; at + 8 <= text.size(); at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + at, sizeof word);
    high_bits |= word;
  }
  for (; at < text.size(); ++at) high_bits |= static_cast<unsigned char>(text[at]);
  return (high_bits & 0x8080808080808080ull) == 0;
}

bool is_word_character(utf8proc_category_t category) {
  switch (category) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO:
      return true;
    default:
      return false;
  }
}

bool is_mark(utf8proc_category_t category) {
  return category == UTF8PROC_CATEGORY_MN || category == UTF8PROC_CATEGORY_MC ||
         category == UTF8PROC_CATEGORY_ME;
}

// Appends the tokens of `normalized` (valid UTF-8, already NFKC-casefolded) to `out`.
class TokenWriter {
 public:
  explicit TokenWriter(TokenStream& out) : out_(out) {}

  void add(std::string_view normalized) {
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(normalized.data());
    const auto size = static_cast<utf8proc_ssize_t>(normalized.size());
    for (utf8proc_ssize_t at = 0; at < size;) {
      utf8proc_int32_t cp = 0;
      const utf8proc_ssize_t length = utf8proc_iterate(bytes + at, size - at, &cp);
      const std::string_view character =
          normalized.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(length));
      at += length;
      const utf8proc_category_t category = utf8proc_category(cp);
      if (in_unspaced_ && is_mark(category)) {
        out_.text += character;  // a vowel sign or tone mark stays with its character
      } else if (is_unspaced_script(cp)) {
        end_token();
        begin_token();
        out_.text += character;
        in_unspaced_ = true;
      } else if (is_word_character(category)) {
        if (in_unspaced_) end_token();
        if (!in_token_) begin_token();
        out_.text += character;
      } else {
        end_token();
      }
    }
  }

  // Adds a word of ASCII letters and digits as one token, lowercased.
  void add_ascii_word(std::string_view word) {
    end_token();
    begin_token();
    for (const char c : word) out_.text += (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
    end_token();
  }

  // Ends the current token (a separator, an invalid byte or the end of the text).
  void end_token() {
    if (in_token_) out_.ends.push_back(static_cast<std::uint32_t>(out_.text.size()));
    in_token_ = false;
    in_unspaced_ = false;
  }

 private:
  void begin_token() {
    if (!out_.text.empty()) out_.text += ' ';
    out_.starts.push_back(static_cast<std::uint32_t>(out_.text.size()));
    in_token_ = true;
  }

  TokenStream& out_;
  bool in_token_ = false;
  bool in_unspaced_ = false;
};

// Normalizes a run of valid UTF-8 and adds its tokens. utf8proc_map would allocate the
// result for every word; decomposing into a reused buffer and re-encoding in place (what
// utf8proc_map does inside) does not.
void add_valid_run(std::string_view run, TokenWriter& writer) {
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

// Whether the text at `at` starts with a combining character (canonical combining class
// above 0), which NFKC may compose with the character before it.
bool starts_with_combining(std::string_view text, std::size_t at) {
  if (at >= text.size() || static_cast<unsigned char>(text[at]) < 0x80) return false;
  utf8proc_int32_t cp = 0;
  const utf8proc_ssize_t length =
      utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + at),
                       static_cast<utf8proc_ssize_t>(text.size() - at), &cp);
  return length > 0 && utf8proc_get_property(cp)->combining_class != 0;
}

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

void tokenize_unicode_whole(std::string_view raw, TokenStream& out,
                            std::uint64_t& invalid_utf8_bytes) {
  clear(out);
  TokenWriter writer(out);
  add_text(raw, writer, invalid_utf8_bytes);
}

void tokenize_unicode(std::string_view raw, TokenStream& out, std::uint64_t& invalid_utf8_bytes) {
  if (is_ascii(raw)) {
    tokenize(raw, out);
    return;
  }
  clear(out);
  TokenWriter writer(out);
  // Pieces end at ASCII separators, which NFKC leaves alone and never composes with what
  // follows unless that is a combining character; pure ASCII pieces skip utf8proc.
  std::size_t piece = 0;
  bool ascii_piece = true;
  const auto flush = [&](std::size_t end) {
    const std::string_view text = raw.substr(piece, end - piece);
    if (text.empty()) return;
    if (ascii_piece) {
      writer.add_ascii_word(text);
    } else {
      add_text(text, writer, invalid_utf8_bytes);
    }
  };
  for (std::size_t at = 0; at < raw.size(); ++at) {
    const auto c = static_cast<unsigned char>(raw[at]);
    if (c >= 0x80) {
      ascii_piece = false;
    } else if (!is_token_byte(c) && !starts_with_combining(raw, at + 1)) {
      flush(at);
      piece = at + 1;
      ascii_piece = true;
    }
  }
  flush(raw.size());
  writer.end_token();
}

}  // namespace neardup
