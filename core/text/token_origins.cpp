// Token origins: ASCII tokens are runs of token bytes; Unicode tokens are found again
// character by character, each character normalized with the marks that join it, only in the
// stretches of the text that hold characters other than ASCII.
#include "core/text/token_origins.hpp"

#include <string_view>

#include "core/text/token_writer.hpp"

namespace neardup {
namespace {

bool is_ascii(std::string_view raw) {
  for (const char c : raw) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// Whether token bytes `raw`, in canonical form, are `token` (of the same length).
bool canonical_is(const char* raw, const char* token, std::size_t length) {
  unsigned differ = 0;
  for (std::size_t k = 0; k < length; ++k) {
    const unsigned canonical = canonical_byte(static_cast<unsigned char>(raw[k]));
    differ |= canonical ^ static_cast<unsigned char>(token[k]);
  }
  return differ == 0;
}

// Appends the origins of the tokens of `out` (from token origins.size() on) that raw[begin,
// end) holds, where each token is a maximal run of token bytes, lower-cased: ASCII text, or any
// text under the ASCII tokenizer. A token is found by skipping the bytes before it and taking
// its length, then checked against its bytes. False when a token is not its run.
bool origins_of_token_runs(std::string_view raw, std::size_t begin, std::size_t end,
                           const TokenStream& out, std::vector<TokenOrigin>& origins) {
  std::size_t at = begin;
  for (std::size_t t = origins.size();; ++t) {
    while (at < end && !is_token_byte(static_cast<unsigned char>(raw[at]))) ++at;
    if (at == end) return true;
    if (t >= out.size()) return false;
    const std::size_t length = out.ends[t] - out.starts[t];
    const std::size_t after = at + length;
    if (after > end || !canonical_is(raw.data() + at, out.text.data() + out.starts[t], length) ||
        (after < end && is_token_byte(static_cast<unsigned char>(raw[after])))) {
      return false;
    }
    origins.push_back({static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(after)});
    at = after;
  }
}

// The length of the character at `at` and the characters after it that NFKC may join to it.
std::size_t joined_length(std::string_view raw, std::size_t at, std::size_t first) {
  std::size_t end = at + first;
  while (end < raw.size()) {
    std::int32_t cp = 0;
    const std::size_t length = detail::decode(raw, end, cp);
    if (length == 0 || (code_point_class(cp) & kJoinsPrevious) == 0) break;
    end += length;
  }
  return end - at;
}

}  // namespace

namespace detail {

void tokenize_unicode_located(std::string_view raw, TokenStream& out,
                              std::vector<TokenOrigin>& origins) {
  origins.clear();
  out.text.clear();
  out.starts.clear();
  out.ends.clear();
  detail::TokenWriter writer(out);
  writer.track_origins(&origins);
  for (std::size_t at = 0; at < raw.size();) {
    // A run of ASCII characters followed by ASCII: no mark joins them, so one byte each.
    std::size_t ascii_end = at;
    while (ascii_end + 1 < raw.size() && static_cast<unsigned char>(raw[ascii_end + 1]) < 0x80 &&
           static_cast<unsigned char>(raw[ascii_end]) < 0x80) {
      ++ascii_end;
    }
    if (ascii_end > at) {
      writer.add_ascii_located(raw.substr(at, ascii_end - at), static_cast<std::uint32_t>(at));
      at = ascii_end;
    }
    std::int32_t cp = 0;
    const std::size_t first = detail::decode(raw, at, cp);
    if (first == 0) {  // an invalid byte separates tokens
      writer.end_token();
      ++at;
      continue;
    }
    const std::size_t length = joined_length(raw, at, first);
    writer.set_source(static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at + length));
    if (length == 1) {
      writer.add_ascii(raw.substr(at, 1));
    } else {
      detail::add_valid_run(raw.substr(at, length), writer);
    }
    at += length;
  }
  writer.end_token();
}

}  // namespace detail

namespace {

// Whether raw[at] is an ASCII byte outside every token: the Unicode rules end a token there
// and start the next afresh. (A mark after it joins it, so a stretch starts at such a byte.)
bool is_ascii_break(std::string_view raw, std::size_t at) {
  const auto byte = static_cast<unsigned char>(raw[at]);
  return byte < 0x80 && !is_token_byte(byte);
}

// Whether `count` tokens of `out` from token `first` exist and, joined by spaces, are `joined`.
bool tokens_are(const TokenStream& out, std::size_t first, std::size_t count,
                std::string_view joined) {
  if (count == 0) return joined.empty();
  if (first + count > out.size()) return false;
  const std::uint32_t begin = out.starts[first];
  return std::string_view(out.text).substr(begin, out.ends[first + count - 1] - begin) == joined;
}

// The origins of `out`, the Unicode tokens of `raw` (not all ASCII), found stretch by stretch:
// between ASCII breaks, a stretch of ASCII only is runs of token bytes (as in ASCII text), and
// a stretch with other characters, from the break before it, is tokenized again character by
// character. Each stretch's tokens are checked against `out`'s; false when they differ.
bool origins_by_stretches(std::string_view raw, const TokenStream& out,
                          std::vector<TokenOrigin>& origins) {
  thread_local TokenStream located;
  thread_local std::vector<TokenOrigin> located_origins;
  std::size_t at = 0;  // raw[at..] is left; `at` is 0 or an ASCII break
  while (at < raw.size()) {
    std::size_t other = at;  // the next byte that is not ASCII
    while (other < raw.size() && static_cast<unsigned char>(raw[other]) < 0x80) ++other;
    std::size_t start = other;  // the stretch holding it starts at the ASCII break before it
    if (other < raw.size()) {
      while (start > at && !is_ascii_break(raw, start - 1)) --start;
      if (start > at) --start;
    }
    if (!origins_of_token_runs(raw, at, start, out, origins)) return false;
    if (other == raw.size()) break;
    std::size_t end = other + 1;  // and ends at the ASCII break after it
    while (end < raw.size() && !is_ascii_break(raw, end)) ++end;
    detail::tokenize_unicode_located(raw.substr(start, end - start), located, located_origins);
    if (!tokens_are(out, origins.size(), located_origins.size(), located.text)) return false;
    for (const TokenOrigin& o : located_origins) {
      origins.push_back(
          {o.start + static_cast<std::uint32_t>(start), o.end + static_cast<std::uint32_t>(start)});
    }
    at = end;
  }
  return origins.size() == out.size();
}

}  // namespace

bool tokenize_with_origins(Tokenizer& tokenizer, std::string_view raw, TokenStream& out,
                           std::vector<TokenOrigin>& origins) {
  origins.clear();
  tokenizer.tokenize(raw, out);
  const bool found =
      tokenizer.kind() == TokenizerKind::kAscii || is_ascii(raw)
          ? origins_of_token_runs(raw, 0, raw.size(), out, origins) && origins.size() == out.size()
          : origins_by_stretches(raw, out, origins);
  if (found) return true;
  origins.clear();
  return false;
}

}  // namespace neardup
