// Word shingles of k tokens (the k-grams) and of a whole context, hashed as the dedup's are.
#include "core/spans/document_winnower.hpp"

#include "core/sketch/shingles.hpp"
#include "core/spans/winnowing.hpp"

namespace neardup {

bool DocumentWinnower::winnow(const TokenStream& tokens) {
  if (tokens.size() < spec_.min_tokens) return false;
  shingle_hashes(tokens, {ShingleKind::kWord, spec_.fingerprint_tokens(), 1}, kgrams_);
  for (std::uint64_t& h : kgrams_) h &= mask_;
  window_anchors(kgrams_, spec_.winnow_window(), anchor_of_window_);
  return true;
}

void DocumentWinnower::contexts(const TokenStream& tokens) {
  const std::size_t before = spec_.winnow_window() - 1;
  const std::size_t length = before + spec_.min_tokens;
  contexts_.assign(kgrams_.size(), 0);
  if (tokens.size() < length) return;
  shingle_hashes(tokens, {ShingleKind::kWord, static_cast<unsigned>(length), 1}, spans_);
  for (std::size_t s = 0; s < spans_.size(); ++s) {
    const std::uint64_t h = spans_[s] & mask_;
    contexts_[s + before] = h == 0 ? 1 : h;
  }
}

}  // namespace neardup
