// Word shingles of k tokens (the k-grams) and of a whole context, hashed as the dedup's are.
#include "core/spans/document_winnower.hpp"

#include "core/sketch/shingles.hpp"
#include "core/spans/winnowing.hpp"

namespace neardup {

bool DocumentWinnower::winnow(const TokenStream& tokens) {
  if (tokens.size() < spec_.min_tokens) return false;
  neardup::token_hashes(tokens, token_hashes_);
  word_shingles_of(token_hashes_, spec_.fingerprint_tokens(), kgrams_);
  for (std::uint64_t& h : kgrams_) h &= mask_;
  window_anchors(kgrams_, spec_.winnow_window(), anchor_of_window_);
  return true;
}

void DocumentWinnower::contexts() {
  const std::size_t before = spec_.winnow_window() - 1;
  const std::size_t length = before + spec_.min_tokens;
  contexts_.assign(kgrams_.size(), 0);
  if (token_hashes_.size() < length) return;
  word_shingles_of(token_hashes_, length, spans_);
  for (std::size_t s = 0; s < spans_.size(); ++s) {
    const std::uint64_t h = spans_[s] & mask_;
    contexts_[s + before] = h == 0 ? 1 : h;
  }
}

}  // namespace neardup
