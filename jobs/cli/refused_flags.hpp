// Flags that were renamed or retired: hidden spellings kept so that a command line using one
// is refused with a message naming what replaced it, listed in one table for every command.
#pragma once

#include <CLI/CLI.hpp>
#include <string_view>

namespace neardup {

/// Adds to `command` the refused flags of the command called `name`: hidden from --help, and
/// when given the command line is refused (a usage error, exit 2) with "FLAG: MESSAGE".
void add_refused_flags(CLI::App& command, std::string_view name);

}  // namespace neardup
