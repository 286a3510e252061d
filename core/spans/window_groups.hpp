// Equal fingerprints grouped, as the rank owning them sees them after the shuffle: where each
// group of equal windows (or units) starts, and which are its copies.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/doc_id.hpp"
#include "core/spans/repeat_cuts.hpp"

namespace neardup {

/// A fingerprint (a k-gram's or a window's hash) and where it is: document and token.
struct Fingerprint {
  std::uint64_t hash = 0;
  DocId doc = 0;
  std::uint32_t token = 0;

  auto operator<=>(const Fingerprint&) const = default;
};

/// For window (or unit) fingerprints sorted by (hash, doc, token): each one's fact. A group of
/// equal hashes found more than once and in at least `min_docs` documents is repeated: its
/// first is kFirst (equal to the second), the others kCopy (equal to the first); any other is
/// kUnique. Equal hashes are taken for equal tokens here; the tokens are compared before
/// anything is cut.
std::vector<WindowFact> window_facts(std::span<const Fingerprint> sorted, unsigned min_docs = 1);

}  // namespace neardup
