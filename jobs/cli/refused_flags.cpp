// Flags that were renamed or retired: hidden spellings kept so that a command line using one
// is refused with a message naming what replaced it, listed in one table for every command.
#include "jobs/cli/refused_flags.hpp"

#include <string>

namespace neardup {
namespace {

// A spelling a command no longer takes (README.md lists them too).
struct RefusedFlag {
  const char* command;  // "simhash", "index build", ...
  const char* flag;     // "--ngram"
  bool takes_value;     // whether it took a value (so "--flag VALUE" is refused, not misparsed)
  const char* message;  // what to use instead
};

constexpr RefusedFlag kRefused[] = {
    {"simhash", "--ngram", true,
     "renamed --feature-ngram (SimHash's words per feature shingle); --ngram is the document "
     "shingle length of minhash and index build, and simhash's exact check takes "
     "--verify-ngram"},
    {"index build", "--store-shingles", false,
     "shingle sets are stored by default now (--verify exact); --verify estimate (minhash) or "
     "none (simhash) builds without them"},
};

}  // namespace

void add_refused_flags(CLI::App& command, std::string_view name) {
  for (const RefusedFlag& refused : kRefused) {
    if (name != refused.command) continue;
    const std::string flag = refused.flag, message = refused.message;
    const auto refuse = [flag, message](const auto&) { throw CLI::ValidationError(flag, message); };
    CLI::Option* option =
        refused.takes_value
            ? command.add_option_function<std::string>(flag, refuse)->expected(0, 1)
            : command.add_flag_function(flag, [refuse](std::int64_t count) { refuse(count); });
    option->group("");
  }
}

}  // namespace neardup
