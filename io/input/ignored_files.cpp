// The files input discovery passed over, counted by why: for the log line and stats.json.
#include "io/input/ignored_files.hpp"

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

namespace neardup {
namespace {

constexpr std::size_t kExtensionsShown = 8;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The last ".xyz" of `name` (not a leading dot), or "".
std::string_view last_extension(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return {};
  return name.substr(dot);
}

bool is_compression_suffix(std::string_view extension) {
  for (const char* suffix : {".gz", ".zst", ".bz2", ".xz", ".lz4", ".zip", ".br"}) {
    if (extension == suffix) return true;
  }
  return false;
}

// "7 *.parquet, 1 with no extension" for the extensions of `ignored`, most first.
std::string extension_counts(const IgnoredFiles& ignored) {
  std::vector<std::pair<std::string, std::uint64_t>> counts(ignored.by_extension.begin(),
                                                            ignored.by_extension.end());
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  std::string text;
  std::uint64_t others = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (i >= kExtensionsShown) {
      others += counts[i].second;
      continue;
    }
    text += (text.empty() ? "" : ", ") + std::to_string(counts[i].second) +
            (counts[i].first.empty() ? " with no extension" : " *" + counts[i].first);
  }
  if (others > 0) text += ", " + std::to_string(others) + " with other extensions";
  return text;
}

}  // namespace

std::uint64_t IgnoredFiles::total() const {
  std::uint64_t sum =
      not_included + excluded + not_regular + broken_links + hidden + own_outputs + aliases;
  for (const auto& [extension, count] : by_extension) sum += count;
  return sum;
}

std::uint64_t IgnoredFiles::total_dirs() const { return hidden_dirs + own_output_dirs; }

void IgnoredFiles::add(const IgnoredFiles& other) {
  for (const auto& [extension, count] : other.by_extension) by_extension[extension] += count;
  not_included += other.not_included;
  excluded += other.excluded;
  not_regular += other.not_regular;
  broken_links += other.broken_links;
  hidden += other.hidden;
  own_outputs += other.own_outputs;
  aliases += other.aliases;
  hidden_dirs += other.hidden_dirs;
  own_output_dirs += other.own_output_dirs;
  if (alias_example.empty()) alias_example = other.alias_example;
}

std::string extension_key(std::string_view name) {
  std::string_view extension = last_extension(name);
  const std::string last = lower(extension);
  if (!is_compression_suffix(last)) return last;
  name.remove_suffix(extension.size());
  return lower(last_extension(name)) + last;
}

std::string ignored_files_text(const IgnoredFiles& ignored) {
  std::string text = extension_counts(ignored);
  const auto add = [](std::string& to, std::uint64_t count, std::string_view one,
                      std::string_view many) {
    if (count == 0) return;
    to += (to.empty() ? "" : ", ") + std::to_string(count) + " ";
    to += count == 1 ? one : many;
  };
  add(text, ignored.not_included, "not matching --include", "not matching --include");
  add(text, ignored.excluded, "excluded by --exclude", "excluded by --exclude");
  add(text, ignored.not_regular, "not a regular file", "not regular files");
  add(text, ignored.broken_links, "broken symbolic link", "broken symbolic links");
  add(text, ignored.hidden, "hidden (.*)", "hidden (.*)");
  add(text, ignored.own_outputs, "neardup output (_SUCCESS, _LOCK...)",
      "neardup outputs (_SUCCESS, _LOCK...)");
  const std::string alias = " (" + ignored.alias_example + ")";
  add(text, ignored.aliases, "another name of a file read, read once" + alias,
      "other names of files read, read once, e.g." + alias);
  std::string dirs;
  add(dirs, ignored.hidden_dirs, "hidden (.*)", "hidden (.*)");
  add(dirs, ignored.own_output_dirs, "neardup output (_checkpoint, _tmp...)",
      "neardup outputs (_checkpoint, _tmp...)");
  std::string line;
  if (ignored.total() > 0) {
    line = "ignored " + std::to_string(ignored.total()) +
           (ignored.total() == 1 ? " file: " : " files: ") + text;
  }
  if (ignored.total_dirs() > 0) {
    line += (line.empty() ? "" : "; ") + std::string("did not enter ") +
            std::to_string(ignored.total_dirs()) +
            (ignored.total_dirs() == 1 ? " folder: " : " folders: ") + dirs;
  }
  return line;
}

void write_ignored_files(JsonWriter& json, const IgnoredFiles& ignored) {
  json.begin_object();
  json.key("total").value(ignored.total());
  json.key("by_extension").begin_object();
  for (const auto& [extension, count] : ignored.by_extension) json.key(extension).value(count);
  json.end_object();
  json.key("not_included").value(ignored.not_included);
  json.key("excluded").value(ignored.excluded);
  json.key("not_regular").value(ignored.not_regular);
  json.key("broken_links").value(ignored.broken_links);
  json.key("hidden").value(ignored.hidden);
  json.key("own_outputs").value(ignored.own_outputs);
  json.key("aliases").value(ignored.aliases);
  json.key("total_dirs").value(ignored.total_dirs());
  json.key("hidden_dirs").value(ignored.hidden_dirs);
  json.key("own_output_dirs").value(ignored.own_output_dirs);
  json.end_object();
}

}  // namespace neardup
