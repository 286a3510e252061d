// Canonical tokenizer: ASCII-lowercased runs of [A-Za-z0-9] or bytes >= 0x80, joined by one space.
#include "core/tokenizer.hpp"

namespace neardup {

void tokenize(std::string_view raw, TokenStream& out) {
  out.text.clear();
  out.starts.clear();
  out.ends.clear();
  out.text.reserve(raw.size());
  std::size_t i = 0;
  const std::size_t n = raw.size();
  while (i < n) {
    while (i < n && !is_token_byte(static_cast<unsigned char>(raw[i]))) ++i;
    if (i == n) break;
    if (!out.text.empty()) out.text.push_back(' ');
    out.starts.push_back(static_cast<std::uint32_t>(out.text.size()));
    while (i < n) {
      const auto c = static_cast<unsigned char>(raw[i]);
      if (!is_token_byte(c)) break;
      out.text.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c));
      ++i;
    }
    out.ends.push_back(static_cast<std::uint32_t>(out.text.size()));
  }
}

}  // namespace neardup
