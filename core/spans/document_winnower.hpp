// A document winnowed: its k-gram hashes, each window's anchor and each anchor's context hash,
// in buffers reused from document to document.
#pragma once

#include <cstdint>
#include <vector>

#include "core/spans/span_spec.hpp"
#include "core/text/tokenizer.hpp"

namespace neardup {

/// Winnows documents one after another under a span spec, fingerprints ANDed with a mask.
class DocumentWinnower {
 public:
  DocumentWinnower(const SpanSpec& spec, std::uint64_t mask) : spec_(spec), mask_(mask) {}

  /// Winnows `tokens` (window_anchors over their k-gram hashes); false when they are fewer
  /// than one window of spec.min_tokens.
  bool winnow(const TokenStream& tokens);

  /// The context hash of every k-gram of the document winnowed last: the hash of the tokens
  /// of all the windows holding it, from w - 1 tokens before it to m - 1 after its first
  /// (never 0); 0 for a k-gram whose context does not fit in the document.
  void contexts();

  /// The token hashes of the document winnowed last (token_hashes), for its other shingles.
  const std::vector<std::uint64_t>& token_hashes() const { return token_hashes_; }

  /// The k-gram hashes of the document winnowed last.
  const std::vector<std::uint64_t>& kgrams() const { return kgrams_; }
  /// Each window's anchor: the k-gram it keeps (window_anchors).
  const std::vector<std::uint32_t>& anchor_of_window() const { return anchor_of_window_; }
  /// The context hash of k-gram `kgram` (after contexts()).
  std::uint64_t context(std::uint32_t kgram) const { return contexts_[kgram]; }

 private:
  SpanSpec spec_;
  std::uint64_t mask_;
  std::vector<std::uint64_t> token_hashes_;
  std::vector<std::uint64_t> kgrams_;
  std::vector<std::uint32_t> anchor_of_window_;
  std::vector<std::uint64_t> spans_;
  std::vector<std::uint64_t> contexts_;
};

}  // namespace neardup
