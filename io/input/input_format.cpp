// Input formats: names, extension detection and output extensions.
#include "io/input/input_format.hpp"

#include <algorithm>
#include <cctype>

namespace neardup {
namespace {

// True when `name` ends with `suffix` (lower case), whatever the letter case of `name`.
bool ends_with_lower(std::string_view name, std::string_view suffix) {
  if (name.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), name.end() - static_cast<long>(suffix.size()),
                    [](char s, char n) {
                      return s == static_cast<char>(std::tolower(static_cast<unsigned char>(n)));
                    });
}

bool is_json_lines_name(std::string_view name) {
  return ends_with_lower(name, ".jsonl") || ends_with_lower(name, ".json") ||
         ends_with_lower(name, ".ndjson");
}

}  // namespace

const char* input_format_name(InputFormat format) {
  switch (format) {
    case InputFormat::kJsonl:
      return "jsonl";
    case InputFormat::kJsonlGzip:
      return "jsonl.gz";
    case InputFormat::kJsonlZstd:
      return "jsonl.zst";
    case InputFormat::kText:
      return "text";
    case InputFormat::kTextGzip:
      return "text.gz";
    case InputFormat::kTextZstd:
      return "text.zst";
  }
  return "unknown";
}

std::optional<InputFormat> parse_input_format(std::string_view name) {
  for (const InputFormat format :
       {InputFormat::kJsonl, InputFormat::kJsonlGzip, InputFormat::kJsonlZstd, InputFormat::kText,
        InputFormat::kTextGzip, InputFormat::kTextZstd}) {
    if (name == input_format_name(format)) return format;
  }
  return std::nullopt;
}

InputFormat format_from_extension(std::string_view path) {
  if (ends_with_lower(path, ".gz")) return InputFormat::kJsonlGzip;
  if (ends_with_lower(path, ".zst")) return InputFormat::kJsonlZstd;
  return InputFormat::kJsonl;
}

InputFormat file_format(std::string_view path, std::optional<InputFormat> chosen) {
  if (!chosen) return format_from_extension(path);
  if (!is_text(*chosen)) return *chosen;
  if (ends_with_lower(path, ".gz")) return InputFormat::kTextGzip;
  if (ends_with_lower(path, ".zst")) return InputFormat::kTextZstd;
  return InputFormat::kText;
}

bool walk_takes(std::string_view name, std::optional<InputFormat> chosen) {
  if (chosen && is_text(*chosen)) return true;
  std::string_view compression;
  if (chosen == InputFormat::kJsonlGzip) {
    compression = ".gz";
  } else if (chosen == InputFormat::kJsonlZstd) {
    compression = ".zst";
  } else if (!chosen) {
    if (ends_with_lower(name, ".gz")) compression = ".gz";
    if (ends_with_lower(name, ".zst")) compression = ".zst";
  }
  if (!ends_with_lower(name, compression)) return false;
  name.remove_suffix(compression.size());
  return is_json_lines_name(name);
}

std::string walked_names(std::optional<InputFormat> chosen) {
  if (chosen && is_text(*chosen)) return "";
  if (chosen == InputFormat::kJsonlGzip) return "*.jsonl.gz, *.json.gz, *.ndjson.gz";
  if (chosen == InputFormat::kJsonlZstd) return "*.jsonl.zst, *.json.zst, *.ndjson.zst";
  if (chosen == InputFormat::kJsonl) return "*.jsonl, *.json, *.ndjson";
  return "*.jsonl, *.json, *.ndjson, each also .gz or .zst";
}

bool is_compressed(InputFormat format) {
  return format == InputFormat::kJsonlGzip || format == InputFormat::kJsonlZstd ||
         format == InputFormat::kTextGzip || format == InputFormat::kTextZstd;
}

bool is_text(InputFormat format) {
  return format == InputFormat::kText || format == InputFormat::kTextGzip ||
         format == InputFormat::kTextZstd;
}

InputFormat json_lines_format(InputFormat format) {
  switch (format) {
    case InputFormat::kText:
      return InputFormat::kJsonl;
    case InputFormat::kTextGzip:
      return InputFormat::kJsonlGzip;
    case InputFormat::kTextZstd:
      return InputFormat::kJsonlZstd;
    case InputFormat::kJsonl:
    case InputFormat::kJsonlGzip:
    case InputFormat::kJsonlZstd:
      return format;
  }
  return format;
}

const char* output_extension(InputFormat format) {
  switch (format) {
    case InputFormat::kJsonl:
      return ".jsonl";
    case InputFormat::kJsonlGzip:
      return ".jsonl.gz";
    case InputFormat::kJsonlZstd:
      return ".jsonl.zst";
    case InputFormat::kText:
    case InputFormat::kTextGzip:
    case InputFormat::kTextZstd:
      return "";
  }
  return "";
}

}  // namespace neardup
