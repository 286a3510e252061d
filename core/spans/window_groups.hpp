// Equal fingerprints grouped, as the rank owning them sees them after the shuffle: which
// anchors are shared, and where each group of equal windows starts.
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

/// For fingerprints sorted by (hash, doc, token): whether each shares its hash with another
/// (an anchor worth looking at: the windows it anchors may be repeated).
std::vector<bool> shared_hashes(std::span<const Fingerprint> sorted);

/// For window fingerprints sorted by (hash, doc, token): each window's fact. A window alone
/// with its hash is kUnique, the first of a group of equal hashes kFirst (equal to the
/// second), the others kCopy (equal to the first). Equal hashes are taken for equal windows here;
/// the tokens are compared before anything is cut.
std::vector<WindowFact> window_facts(std::span<const Fingerprint> sorted);

}  // namespace neardup
