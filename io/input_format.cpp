// Input formats: names, extension detection and output extensions.
#include "io/input_format.hpp"

namespace neardup {

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
  }
  return "unknown";
}

std::optional<InputFormat> parse_input_format(std::string_view name) {
  for (const InputFormat format : {InputFormat::kJsonl, InputFormat::kJsonlGzip,
                                   InputFormat::kJsonlZstd, InputFormat::kText}) {
    if (name == input_format_name(format)) return format;
  }
  return std::nullopt;
}

InputFormat format_from_extension(std::string_view path) {
  if (path.ends_with(".gz")) return InputFormat::kJsonlGzip;
  if (path.ends_with(".zst")) return InputFormat::kJsonlZstd;
  return InputFormat::kJsonl;
}

bool is_compressed(InputFormat format) {
  return format == InputFormat::kJsonlGzip || format == InputFormat::kJsonlZstd;
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
      return "";
  }
  return "";
}

}  // namespace neardup
