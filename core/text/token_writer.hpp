// What the Unicode tokenizers share: UTF-8 decoding, NFKC with case folding, and the writer
// that turns normalized characters into tokens (optionally noting where each came from).
#pragma once

#include <utf8proc.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/text/code_point_classes.hpp"
#include "core/text/token_origins.hpp"
#include "core/text/tokenizer.hpp"

namespace neardup::detail {

/// utf8proc's options for NFKC with full case folding, default ignorables removed.
constexpr utf8proc_option_t kNfkcCasefold = static_cast<utf8proc_option_t>(
    UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE);

/// Decodes the UTF-8 character at text[at] into `cp` and returns its length, or 0 when the byte
/// there starts no well-formed sequence (Unicode table 3-7: no overlong forms, no surrogates,
/// nothing above U+10FFFF; what utf8proc_iterate accepts).
inline std::size_t decode(std::string_view text, std::size_t at, std::int32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[at + k]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) {
    cp = lead;
    return 1;
  }
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    cp = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    cp = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    cp = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (text.size() - at < length || byte(1) < low || byte(1) > high) return 0;
  cp = (cp << 6) | (byte(1) & 0x3F);
  for (std::size_t k = 2; k < length; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(k) & 0x3F);
  }
  return length;
}

/// Appends the tokens of text already NFKC-casefolded (valid UTF-8) or of ASCII tokenizer
// output to a token stream.
class TokenWriter {
 public:
  explicit TokenWriter(TokenStream& out) : out_(out) {}

  /// Also records where each token came from: every character added until the next call
  /// came from raw bytes [start, end), and a token spans from the first byte its first
  /// character came from to the last byte its last character came from.
  void track_origins(std::vector<TokenOrigin>* origins) { origins_ = origins; }

  /// The raw bytes the characters added next come from (with track_origins).
  void set_source(std::uint32_t start, std::uint32_t end) { source_ = {start, end}; }

  /// Adds the tokens of `normalized` (valid UTF-8, NFKC-casefolded).
  void add(std::string_view normalized) {
    for (std::size_t at = 0; at < normalized.size();) {
      std::int32_t cp = 0;
      const std::size_t length = decode(normalized, at, cp);
      add_character(normalized.substr(at, length), code_point_class(cp));
      at += length;
    }
  }

  /// Adds one character of class `bits`.
  void add_character(std::string_view character, std::uint8_t bits) {
    if (in_unspaced_ && (bits & kMark) != 0) {
      out_.text += character;  // a vowel sign or tone mark stays with its character
      extend_origin();
    } else if ((bits & kUnspaced) != 0) {
      end_token();
      begin_token();
      out_.text += character;
      in_unspaced_ = true;
    } else if ((bits & kWordCharacter) != 0) {
      if (in_unspaced_) end_token();
      if (!in_token_) begin_token();
      out_.text += character;
      extend_origin();
    } else {
      end_token();
    }
  }

  /// Adds the tokens of ASCII text byte by byte (cheaper than the ASCII tokenizer's set-up for
  /// a few bytes).
  void add_ascii(std::string_view ascii) {
    for (const char c : ascii) {
      const auto byte = static_cast<unsigned char>(c);
      if (!is_token_byte(byte)) {
        end_token();
        continue;
      }
      if (in_unspaced_) end_token();
      if (!in_token_) begin_token();
      out_.text += static_cast<char>(canonical_byte(byte));
      extend_origin();
    }
  }

  /// add_ascii of raw ASCII bytes that start at raw byte `first`, each byte its own source (as
  /// set_source(first + i, first + i + 1) before each), for characters no mark joins.
  void add_ascii_located(std::string_view ascii, std::uint32_t first) {
    const auto byte_at = [&](std::size_t i) { return static_cast<unsigned char>(ascii[i]); };
    for (std::size_t i = 0; i < ascii.size();) {
      if (!is_token_byte(byte_at(i))) {
        end_token();
        ++i;
        continue;
      }
      std::size_t end = i + 1;  // a run of token bytes: one token, or the rest of one
      while (end < ascii.size() && is_token_byte(byte_at(end))) ++end;
      source_ = {first + static_cast<std::uint32_t>(i), first + static_cast<std::uint32_t>(end)};
      if (in_unspaced_) end_token();
      if (!in_token_) begin_token();
      const std::size_t appended = out_.text.size();
      out_.text.append(ascii.substr(i, end - i));
      for (std::size_t k = appended; k < out_.text.size(); ++k) {
        const auto byte = static_cast<unsigned char>(out_.text[k]);
        out_.text[k] = static_cast<char>(canonical_byte(byte));
      }
      extend_origin();
      i = end;
    }
  }

  /// Appends the tokens of `ascii`, the ASCII tokenizer's output for text that starts after a
  /// separator and ends before one.
  void add_tokens(const TokenStream& ascii) {
    if (ascii.size() == 0) return;
    end_token();
    if (!out_.text.empty()) out_.text += ' ';
    const auto base = static_cast<std::uint32_t>(out_.text.size());
    out_.text += ascii.text;
    for (std::size_t i = 0; i < ascii.size(); ++i) {
      out_.starts.push_back(base + ascii.starts[i]);
      out_.ends.push_back(base + ascii.ends[i]);
    }
  }

  /// Ends the current token (a separator, an invalid byte or the end of the text).
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
    if (origins_ != nullptr) origins_->push_back(source_);
  }

  void extend_origin() {
    if (origins_ != nullptr) origins_->back().end = source_.end;
  }

  TokenStream& out_;
  bool in_token_ = false;
  bool in_unspaced_ = false;
  std::vector<TokenOrigin>* origins_ = nullptr;
  TokenOrigin source_;
};

/// Normalizes a run of valid UTF-8 (NFKC, case folded) and adds its tokens to `writer`.
void add_valid_run(std::string_view run, TokenWriter& writer);

}  // namespace neardup::detail
