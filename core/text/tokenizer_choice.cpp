// The tokenizer a job uses (--tokenizer): Unicode or ASCII, on the ASCII kernel of --kernel.
#include "core/text/tokenizer_choice.hpp"

#include "core/text/unicode_tokenizer.hpp"

namespace neardup {

const char* tokenizer_kind_name(TokenizerKind kind) {
  return kind == TokenizerKind::kAscii ? "ascii" : "unicode";
}

AsciiTokenizerFn ascii_tokenizer_for(MinhashKernel kernel) {
  if (kernel == MinhashKernel::kAvx512) return fastest_ascii_tokenizer();
  if (kernel != MinhashKernel::kScalar && tokenize_avx2_supported()) return tokenize_avx2;
  return tokenize_scalar;
}

void Tokenizer::tokenize(std::string_view raw, TokenStream& out) {
  if (kind_ == TokenizerKind::kAscii) {
    ascii_(raw, out);
  } else {
    tokenize_unicode(raw, out, invalid_utf8_bytes_, ascii_);
  }
}

}  // namespace neardup
