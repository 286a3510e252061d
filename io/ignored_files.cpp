// The files input discovery passed over, counted by why: for the log line and stats.json.
#include "io/ignored_files.hpp"

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
  std::uint64_t sum = not_included + excluded + not_regular + hidden;
  for (const auto& [extension, count] : by_extension) sum += count;
  return sum;
}

void IgnoredFiles::add(const IgnoredFiles& other) {
  for (const auto& [extension, count] : other.by_extension) by_extension[extension] += count;
  not_included += other.not_included;
  excluded += other.excluded;
  not_regular += other.not_regular;
  hidden += other.hidden;
}

std::string extension_key(std::string_view name) {
  std::string_view extension = last_extension(name);
  const std::string last = lower(extension);
  if (!is_compression_suffix(last)) return last;
  name.remove_suffix(extension.size());
  return lower(last_extension(name)) + last;
}

std::string ignored_files_text(const IgnoredFiles& ignored) {
  if (ignored.total() == 0) return "";
  std::string text = extension_counts(ignored);
  const auto add = [&text](std::uint64_t count, const char* why) {
    if (count > 0) text += (text.empty() ? "" : ", ") + std::to_string(count) + " " + why;
  };
  add(ignored.not_included, "not matching --include");
  add(ignored.excluded, "excluded by --exclude");
  add(ignored.not_regular, "not a regular file");
  add(ignored.hidden, "named .* or _* (not entered)");
  return "ignored " + std::to_string(ignored.total()) + " files: " + text;
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
  json.key("hidden").value(ignored.hidden);
  json.end_object();
}

}  // namespace neardup
