// One description per option: its flag, help, stats.json name, scope and bounds, listed once
// per concern (describe_* functions) and read by the command line, the validator, stats.json
// and the checkpoint and cache keys, so a new option is one edit and no list can miss it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace neardup {

/// Which parameter lists hold an option, each scope including the narrower ones.
enum class ParameterScope {
  kSketch,  // what changes a document's sketch: --cache keys split sketches by it
  kResult,  // and what changes the results: a --resume must match it
  kRun,     // and how the run was made: stats.json "parameters", which explain --run reads
  kNone,    // in no list: how the run behaves, not what it computes (--progress, --overwrite)
};

/// Where an option appears.
struct OptionInfo {
  const char* flag;  // CLI11 names, e.g. "-t,--threshold"; "!--no-report" negates a flag
  const char* json;  // its member in stats.json "parameters" and in the keys
  ParameterScope scope;
  const char* help;
  const char* type_name = nullptr;  // what --help shows for the value, e.g. "DIR"
};

/// The values a number option accepts: [low, high], or (low, high] when open_low.
template <class T>
struct Bounds {
  T low;
  T high;
  bool open_low = false;

  /// Whether `value` is within the bounds.
  bool contains(T value) const { return (open_low ? value > low : value >= low) && value <= high; }
};

/// The upper bound of a number option that has none (it must only be >= its lower bound).
template <class T>
inline constexpr T kNoMaximum = std::numeric_limits<T>::max();

/// An enum value and its name as flags and stats.json spell it.
template <class E>
struct Choice {
  E value;
  const char* name;
};

/// The choices of an enum: `values`, each named by `name_of` (the enum's one name function).
template <class E, class NameFn>
std::vector<Choice<E>> choices(std::initializer_list<E> values, NameFn name_of) {
  std::vector<Choice<E>> out;
  for (const E value : values) out.push_back({value, name_of(value)});
  return out;
}

/// The name of `value` among `options` ("" when it has none).
template <class E>
const char* choice_name(std::span<const Choice<E>> options, E value) {
  for (const Choice<E>& c : options) {
    if (c.value == value) return c.name;
  }
  return "";
}

/// The value named `name` among `options`, or nullopt.
template <class E>
std::optional<E> choice_named(std::span<const Choice<E>> options, std::string_view name) {
  for (const Choice<E>& c : options) {
    if (name == c.name) return c.value;
  }
  return std::nullopt;
}

/// The long flag of `info` ("--threshold" of "-t,--threshold"), for messages.
std::string long_flag(const OptionInfo& info);

/// Checks what the option lists bound: the first option outside its bounds, as a message.
class OptionBoundsCheck {
 public:
  template <class T>
  void number(const OptionInfo& info, const T& value, Bounds<std::remove_const_t<T>> bounds) {
    if (!problem_.empty() || bounds.contains(value)) return;
    if (bounds.high == kNoMaximum<std::remove_const_t<T>>) {
      problem_ = long_flag(info) + " must be >= " + format(bounds.low);
    } else {
      problem_ = long_flag(info) + " must be in " + (bounds.open_low ? "(" : "[") +
                 format(bounds.low) + ", " + format(bounds.high) + "]";
    }
  }
  void mebibytes(const OptionInfo& info, std::uint64_t bytes, Bounds<double> mib) {
    number(info, static_cast<double>(bytes) / (1 << 20), mib);
  }
  template <class T>
  void value(const OptionInfo&, const T&) {}
  template <class E>
  void choice(const OptionInfo&, const E&, std::span<const Choice<std::remove_const_t<E>>>) {}

  /// The first problem found, or "".
  const std::string& problem() const { return problem_; }

 private:
  template <class T>
  static std::string format(T value) {
    std::string text = std::to_string(value);
    if constexpr (std::is_floating_point_v<T>) {
      text.erase(text.find_last_not_of('0') + 1);
      if (text.back() == '.') text.pop_back();
    }
    return text;
  }

  std::string problem_;
};

/// The first option `describe(check, options)` finds outside its bounds, or "".
template <class Options, class Describe>
std::string bounds_problem(const Options& options, Describe describe) {
  OptionBoundsCheck check;
  describe(check, options);
  return check.problem();
}

}  // namespace neardup
