// How candidate pairs are verified (--verify), and the names the flag and stats.json use.
#pragma once

namespace neardup {

/// How a candidate pair is verified.
enum class VerifyMode {
  kEstimate,  // payload = MinHash signature; similarity = fraction of agreeing entries
  kExact,     // payload = sorted shingle set; similarity = exact Jaccard
  kNone,      // no check: the candidate search's own rule decides (simhash: within k bits)
};

/// "estimate", "exact" or "none", as the --verify flag and stats.json spell it.
const char* verify_mode_name(VerifyMode mode);

}  // namespace neardup
