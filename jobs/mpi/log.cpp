// Log lines tagged "[time] [rank]"; informational lines from rank 0 only, warnings from any rank.
#include "jobs/mpi/log.hpp"

#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <string>

namespace neardup {
namespace {

int g_rank = 0;
Verbosity g_verbosity = Verbosity::kNormal;
bool g_progress_open = false;  // a refreshing progress line is on the terminal, unterminated

std::string line_of(const char* level, std::string_view message) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  localtime_r(&now, &parts);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &parts);
  std::string line = std::string("[") + stamp + "] [" + std::to_string(g_rank) + "] " + level;
  line.append(message);
  return line;
}

void emit(const char* level, std::string_view message) {
  std::string line = (g_progress_open ? "\n" : "") + line_of(level, message) + "\n";
  g_progress_open = false;
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

void configure_log(int rank, Verbosity verbosity) {
  g_rank = rank;
  g_verbosity = verbosity;
}

void log_info(std::string_view message) {
  if (g_rank == 0 && g_verbosity != Verbosity::kQuiet) emit("", message);
}

void log_debug(std::string_view message) {
  if (g_verbosity == Verbosity::kVerbose) emit("debug: ", message);
}

void log_warn(std::string_view message) {
  if (g_verbosity != Verbosity::kQuiet) emit("warning: ", message);
}

void log_error(std::string_view message) { emit("error: ", message); }

void log_progress(std::string_view message, bool last) {
  if (g_rank != 0 || g_verbosity == Verbosity::kQuiet) return;
  if (!::isatty(STDERR_FILENO)) {
    emit("", message);
    return;
  }
  std::string line = "\r" + line_of("", message) + "\033[K" + (last ? "\n" : "");
  g_progress_open = !last;
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace neardup
