// Token origins: ASCII tokens are runs of token bytes; Unicode tokens are found again
// character by character, each character normalized with the marks that join it.
#include "core/text/token_origins.hpp"

#include "core/text/token_writer.hpp"

namespace neardup {
namespace {

bool is_ascii(std::string_view raw) {
  for (const char c : raw) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// The origins of ASCII-tokenizer tokens: the maximal runs of token bytes.
void origins_of_byte_runs(std::string_view raw, std::vector<TokenOrigin>& origins) {
  const auto size = static_cast<std::uint32_t>(raw.size());
  for (std::uint32_t at = 0; at < size;) {
    if (!is_token_byte(static_cast<unsigned char>(raw[at]))) {
      ++at;
      continue;
    }
    const std::uint32_t start = at;
    while (at < size && is_token_byte(static_cast<unsigned char>(raw[at]))) ++at;
    origins.push_back({start, at});
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

// Tokenizes `raw` under the Unicode rules one character (with its joining marks) at a time,
// noting each token's origin.
void tokenize_unicode_located(std::string_view raw, TokenStream& out,
                              std::vector<TokenOrigin>& origins) {
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

}  // namespace

bool tokenize_with_origins(Tokenizer& tokenizer, std::string_view raw, TokenStream& out,
                           std::vector<TokenOrigin>& origins) {
  origins.clear();
  tokenizer.tokenize(raw, out);
  if (tokenizer.kind() == TokenizerKind::kAscii || is_ascii(raw)) {
    origins_of_byte_runs(raw, origins);
    return true;
  }
  thread_local TokenStream located;
  tokenize_unicode_located(raw, located, origins);
  if (located.text == out.text && located.starts == out.starts) return true;
  origins.clear();
  return false;
}

}  // namespace neardup
