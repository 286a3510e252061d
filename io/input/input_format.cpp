// Input formats: names, extension detection and output extensions, from one table of
// containers and one of codecs.
#include "io/input/input_format.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>

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

// A container's name and what output parts of it end with (before the codec's suffix).
struct ContainerRow {
  Container container;
  const char* name;
  const char* part_extension;
};
constexpr ContainerRow kContainers[] = {{Container::kJsonLines, "jsonl", ".jsonl"},
                                        {Container::kText, "text", ""}};

// Every format's name, "jsonl.gz", and part extension, ".jsonl.gz", by container and codec.
struct FormatNames {
  std::string name[std::size(kContainers)][std::size(kCodecs)];
  std::string part_extension[std::size(kContainers)][std::size(kCodecs)];
  FormatNames() {
    for (std::size_t c = 0; c < std::size(kContainers); ++c) {
      for (std::size_t k = 0; k < std::size(kCodecs); ++k) {
        name[c][k] = std::string(kContainers[c].name) + codec_suffix(kCodecs[k]);
        // Text documents keep their relative path.
        if (*kContainers[c].part_extension != '\0') {
          part_extension[c][k] =
              std::string(kContainers[c].part_extension) + codec_suffix(kCodecs[k]);
        }
      }
    }
  }
};

static_assert(kContainers[0].container == Container::kJsonLines &&
              kContainers[1].container == Container::kText);
static_assert(kCodecs[0] == Codec::kNone && kCodecs[1] == Codec::kGzip &&
              kCodecs[2] == Codec::kZstd);

const FormatNames& format_names() {
  static const FormatNames names;
  return names;
}

}  // namespace

const char* codec_suffix(Codec codec) {
  switch (codec) {
    case Codec::kNone:
      return "";
    case Codec::kGzip:
      return ".gz";
    case Codec::kZstd:
      return ".zst";
  }
  return "";
}

Codec codec_from_extension(std::string_view path) {
  for (const Codec codec : kCodecs) {
    if (codec != Codec::kNone && ends_with_lower(path, codec_suffix(codec))) return codec;
  }
  return Codec::kNone;
}

const char* input_format_name(InputFormat format) {
  return format_names()
      .name[static_cast<std::size_t>(format.container)][static_cast<std::size_t>(format.codec)]
      .c_str();
}

std::optional<InputFormat> parse_input_format(std::string_view name) {
  for (const ContainerRow& row : kContainers) {
    for (const Codec codec : kCodecs) {
      if (name == input_format_name({row.container, codec}))
        return InputFormat{row.container, codec};
    }
  }
  return std::nullopt;
}

InputFormat format_from_extension(std::string_view path) {
  return {Container::kJsonLines, codec_from_extension(path)};
}

InputFormat file_format(std::string_view path, std::optional<InputFormat> chosen) {
  if (!chosen) return format_from_extension(path);
  if (!is_text(*chosen)) return *chosen;
  return {Container::kText, codec_from_extension(path)};
}

bool walk_takes(std::string_view name, std::optional<InputFormat> chosen) {
  if (chosen && is_text(*chosen)) return true;
  const std::string_view compression =
      codec_suffix(chosen ? chosen->codec : codec_from_extension(name));
  if (!ends_with_lower(name, compression)) return false;
  name.remove_suffix(compression.size());
  return is_json_lines_name(name);
}

std::string walked_names(std::optional<InputFormat> chosen) {
  if (chosen && is_text(*chosen)) return "";
  if (chosen) {
    const std::string suffix = codec_suffix(chosen->codec);
    return "*.jsonl" + suffix + ", *.json" + suffix + ", *.ndjson" + suffix;
  }
  std::string codecs;
  for (const Codec codec : kCodecs) {
    if (codec == Codec::kNone) continue;
    codecs += std::string(codecs.empty() ? "" : " or ") + codec_suffix(codec);
  }
  return "*.jsonl, *.json, *.ndjson, each also " + codecs;
}

bool is_compressed(InputFormat format) { return format.codec != Codec::kNone; }

bool is_text(InputFormat format) { return format.container == Container::kText; }

InputFormat json_lines_format(InputFormat format) { return {Container::kJsonLines, format.codec}; }

const char* output_extension(InputFormat format) {
  return format_names()
      .part_extension[static_cast<std::size_t>(format.container)]
                     [static_cast<std::size_t>(format.codec)]
      .c_str();
}

}  // namespace neardup
