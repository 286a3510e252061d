// Binds the option lists (option_list.hpp) to a CLI11 command: each described option becomes
// a flag with its help, its default and the values or range it accepts.
#pragma once

#include <CLI/CLI.hpp>
#include <span>
#include <string>
#include <vector>

#include "jobs/options/option_list.hpp"

namespace neardup {

/// The visitor that adds each described option to one CLI11 command.
class OptionBinder {
 public:
  explicit OptionBinder(CLI::App& command) : command_(command) {}

  template <class T>
  void number(const OptionInfo& info, T& value, Bounds<T> bounds) {
    CLI::Option* option = command_.add_option(info.flag, value, info.help);
    if (bounds.high == kNoMaximum<T>) {
      option->check(CLI::NonNegativeNumber);
    } else {
      option->check(CLI::Range(bounds.low, bounds.high));
    }
    finish(option->capture_default_str(), info);
  }
  void mebibytes(const OptionInfo& info, std::uint64_t& bytes, Bounds<double> mib) {
    finish(command_
               .add_option_function<std::uint64_t>(
                   info.flag, [&bytes](std::uint64_t mb) { bytes = mb << 20; }, info.help)
               ->check(CLI::Range(static_cast<std::uint64_t>(mib.open_low ? mib.low + 1 : mib.low),
                                  static_cast<std::uint64_t>(mib.high)))
               ->default_str(std::to_string(bytes >> 20)),
           info);
  }
  void value(const OptionInfo& info, bool& flag) { command_.add_flag(info.flag, flag, info.help); }
  void value(const OptionInfo& info, std::vector<std::string>& texts) {
    finish(command_.add_option(info.flag, texts, info.help), info);
  }
  void value(const OptionInfo& info, std::string& text) {
    CLI::Option* option = command_.add_option(info.flag, text, info.help);
    if (!text.empty()) option->capture_default_str();
    finish(option, info);
  }
  template <class T>
  void value(const OptionInfo& info, T& number) {
    finish(command_.add_option(info.flag, number, info.help)->capture_default_str(), info);
  }
  template <class E>
  void choice(const OptionInfo& info, E& value, std::span<const Choice<E>> choices) {
    std::vector<std::string> names;
    for (const Choice<E>& c : choices) names.emplace_back(c.name);
    const std::vector<Choice<E>> table(choices.begin(), choices.end());
    finish(command_
               .add_option_function<std::string>(
                   info.flag,
                   [&value, table](const std::string& name) {
                     value = *choice_named(std::span<const Choice<E>>(table), name);
                   },
                   info.help)
               ->check(CLI::IsMember(names))
               ->default_str(choice_name(choices, value)),
           info);
  }

 private:
  static void finish(CLI::Option* option, const OptionInfo& info) {
    if (info.type_name != nullptr) option->type_name(info.type_name);
  }

  CLI::App& command_;
};

/// Binds the options `describe` lists to `command`.
template <class Options, class Describe>
void bind_options(CLI::App& command, Options& options, Describe describe) {
  OptionBinder binder(command);
  describe(binder, options);
}

}  // namespace neardup
