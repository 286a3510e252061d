// What `neardup spans` looks for: runs of at least min_tokens canonical tokens found again
// elsewhere (through winnowed k-gram fingerprints), or lines and paragraphs found in several
// documents, and which occurrence stays.
#pragma once

#include <algorithm>
#include <cstdint>

namespace neardup {

/// Which occurrences of a repeated run stay in the corpus.
enum class KeepOccurrence {
  kFirst,  // the first in input order stays, every other is removed
  kNone,   // every occurrence is removed
};

/// What is compared: runs of tokens anywhere, or whole lines or paragraphs.
enum class SpanUnit {
  kRun,        // every run of at least min_tokens tokens (exact substrings)
  kLine,       // a line (up to '\n') with at least one token
  kParagraph,  // lines between blank lines (only spaces, tabs and '\r'), with a token
};

/// The repeats to find and how they are fingerprinted.
struct SpanSpec {
  SpanUnit unit = SpanUnit::kRun;
  /// kLine and kParagraph: a unit is cut when its tokens occur as a unit in at least this many
  /// documents.
  unsigned min_docs = 2;
  /// The shortest repeat removed, in tokens (Lee et al. use 50).
  unsigned min_tokens = 50;
  /// The tokens hashed together into one fingerprint (a k-gram); 0 for the default,
  /// min_tokens / 4 between 1 and 12. Winnowing keeps the smallest of every winnow_window()
  /// consecutive fingerprints, so every run of min_tokens tokens holds one kept fingerprint,
  /// the same wherever the run occurs.
  unsigned kgram = 0;
  KeepOccurrence keep = KeepOccurrence::kFirst;

  /// The k-gram length used: kgram (at most min_tokens), or the default for 0.
  unsigned fingerprint_tokens() const {
    return kgram != 0 ? std::min(kgram, min_tokens) : std::clamp(min_tokens / 4, 1u, 12u);
  }

  /// The fingerprints of one window of min_tokens tokens: min_tokens - k + 1.
  unsigned winnow_window() const { return min_tokens - fingerprint_tokens() + 1; }

  bool operator==(const SpanSpec&) const = default;
};

}  // namespace neardup
