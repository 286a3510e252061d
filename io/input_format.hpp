// Input formats: JSON Lines (plain, gzip, zstd) and plain-text files, detected by extension.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace neardup {

/// How a file holds documents. Compressed formats are streamed, never random-accessed.
enum class InputFormat : std::uint8_t {
  kJsonl,      // one JSON object per line
  kJsonlGzip,  // the same, gzip-compressed (one or more members)
  kJsonlZstd,  // the same, zstd-compressed (one or more frames)
  kText,       // the whole file is one document; its id is the path relative to the input root
};

/// The name used by --format and in logs: "jsonl", "jsonl.gz", "jsonl.zst", "text".
const char* input_format_name(InputFormat format);

/// The format named by --format ("jsonl", "jsonl.gz", "jsonl.zst", "text"), or nullopt.
std::optional<InputFormat> parse_input_format(std::string_view name);

/// The format of a path by its extension: *.gz -> kJsonlGzip, *.zst -> kJsonlZstd, anything
/// else -> kJsonl (plain text is never guessed; it needs --format text).
InputFormat format_from_extension(std::string_view path);

/// True for gzip and zstd: such a file is one split and cannot be read at an offset.
bool is_compressed(InputFormat format);

/// The file extension for output parts in this format: ".jsonl", ".jsonl.gz", ".jsonl.zst",
/// or "" for text (text documents keep their relative path).
const char* output_extension(InputFormat format);

}  // namespace neardup
