// Log lines tagged "[time] [rank]"; informational lines from rank 0 only, warnings from any rank.
#pragma once

#include <string_view>

namespace neardup {

/// How much is logged: kQuiet (errors only), kNormal, kVerbose (debug lines too).
enum class Verbosity { kQuiet, kNormal, kVerbose };

/// Sets this process's rank and verbosity for all later log lines.
void configure_log(int rank, Verbosity verbosity);

/// Informational line on stderr, printed by rank 0 only, unless quiet.
void log_info(std::string_view message);

/// Debug line on stderr, printed by every rank, only when verbose.
void log_debug(std::string_view message);

/// Warning line on stderr from this rank, unless quiet.
void log_warn(std::string_view message);

/// Error line on stderr from this rank, always.
void log_error(std::string_view message);

/// Rank 0 only, unless quiet: a progress line. On a terminal it rewrites one line in place
/// (`last` ends it); in a log it is a plain line like log_info.
void log_progress(std::string_view message, bool last);

}  // namespace neardup
