// The option lists as JSON: written into stats.json "parameters" and the checkpoint and cache
// keys (by scope), and read back from a run's stats.json (explain --run).
#pragma once

#include <simdjson.h>

#include <string>

#include "io/json/json_writer.hpp"
#include "jobs/options/option_list.hpp"

namespace neardup {

/// Writes each described option whose scope is within `scope` as a member "json": value.
class OptionJsonWriter {
 public:
  OptionJsonWriter(JsonWriter& json, ParameterScope scope) : json_(json), scope_(scope) {}

  template <class T>
  void number(const OptionInfo& info, const T& value, Bounds<std::remove_const_t<T>>) {
    if (wanted(info)) json_.key(info.json).value(value);
  }
  void mebibytes(const OptionInfo& info, std::uint64_t bytes, Bounds<double>) {
    if (wanted(info)) json_.key(info.json).value(bytes);
  }
  void value(const OptionInfo& info, const std::vector<std::string>& texts) {
    if (!wanted(info)) return;
    json_.key(info.json).begin_array();
    for (const std::string& text : texts) json_.value(text);
    json_.end_array();
  }
  template <class T>
  void value(const OptionInfo& info, const T& value) {
    if (wanted(info)) json_.key(info.json).value(value);
  }
  template <class E>
  void choice(const OptionInfo& info, const E& value,
              std::span<const Choice<std::remove_const_t<E>>> choices) {
    if (wanted(info)) json_.key(info.json).value(choice_name(choices, value));
  }

 private:
  bool wanted(const OptionInfo& info) const {
    return info.scope != ParameterScope::kNone && info.scope <= scope_;
  }

  JsonWriter& json_;
  ParameterScope scope_;
};

/// Writes the options `describe` lists within `scope` as members of the object being written.
template <class Options, class Describe>
void write_options(JsonWriter& json, const Options& options, ParameterScope scope,
                   Describe describe) {
  OptionJsonWriter writer(json, scope);
  describe(writer, options);
}

/// Reads each described option of scope kSketch to kRun from `object` (a stats.json
/// "parameters"); the first member missing or of the wrong type is kept as the problem, but a
/// missing list reads as empty (a list option such as --exclude is absent from the stats.json
/// of runs made before it existed).
class OptionJsonReader {
 public:
  explicit OptionJsonReader(simdjson::dom::object object) : object_(object) {}

  template <class T>
  void number(const OptionInfo& info, T& value, Bounds<T>) {
    read_number(info, value);
  }
  void mebibytes(const OptionInfo& info, std::uint64_t& bytes, Bounds<double>) {
    read_number(info, bytes);
  }
  void value(const OptionInfo& info, std::vector<std::string>& texts);
  void value(const OptionInfo& info, std::string& text);
  void value(const OptionInfo& info, bool& flag);
  template <class T>
  void value(const OptionInfo& info, T& value) {
    read_number(info, value);
  }
  template <class E>
  void choice(const OptionInfo& info, E& value, std::span<const Choice<E>> choices) {
    std::string name;
    if (!read_text(info, name)) return;
    if (const auto named = choice_named(choices, name)) {
      value = *named;
    } else {
      fail(info, "unknown value '" + name + "'");
    }
  }

  /// The first problem met, or "".
  const std::string& problem() const { return problem_; }

 private:
  bool wanted(const OptionInfo& info) const;
  void fail(const OptionInfo& info, const std::string& why);
  bool read_text(const OptionInfo& info, std::string& text);
  template <class T>
  void read_number(const OptionInfo& info, T& value) {
    if (!wanted(info)) return;
    simdjson::dom::element element;
    if (object_[info.json].get(element) != simdjson::SUCCESS) return fail(info, "missing");
    if constexpr (std::is_floating_point_v<T>) {
      double number = 0;
      if (element.get(number) != simdjson::SUCCESS) return fail(info, "not a number");
      value = static_cast<T>(number);
    } else {
      std::uint64_t number = 0;
      if (element.get(number) != simdjson::SUCCESS) return fail(info, "not a whole number");
      value = static_cast<T>(number);
    }
  }

  simdjson::dom::object object_;
  std::string problem_;
};

}  // namespace neardup
