// How candidate pairs are verified (--verify), and the names the flag and stats.json use.
#include "jobs/options/verify_mode.hpp"

namespace neardup {

const char* verify_mode_name(VerifyMode mode) {
  switch (mode) {
    case VerifyMode::kEstimate:
      return "estimate";
    case VerifyMode::kNone:
      return "none";
    case VerifyMode::kExact:
      break;
  }
  return "exact";
}

}  // namespace neardup
