// The tokenizer a job uses (--tokenizer): Unicode or ASCII.
#include "core/text/tokenizer_choice.hpp"

#include "core/text/unicode_tokenizer.hpp"

namespace neardup {

const char* tokenizer_kind_name(TokenizerKind kind) {
  return kind == TokenizerKind::kAscii ? "ascii" : "unicode";
}

void Tokenizer::tokenize(std::string_view raw, TokenStream& out) {
  if (kind_ == TokenizerKind::kAscii) {
    neardup::tokenize(raw, out);
  } else {
    tokenize_unicode(raw, out, invalid_utf8_bytes_);
  }
}

}  // namespace neardup
