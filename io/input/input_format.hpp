// Input formats: JSON Lines and plain-text files (each plain, gzip or zstd), detected by
// extension.
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
  kTextGzip,   // the same, gzip-compressed: the document is the decompressed content
  kTextZstd,   // the same, zstd-compressed
};

/// The name used by --format and in logs: "jsonl", "jsonl.gz", "jsonl.zst", "text", and for
/// the files --format text reads decompressed, "text.gz" and "text.zst".
const char* input_format_name(InputFormat format);

/// The format named `name` (an input_format_name), or nullopt.
std::optional<InputFormat> parse_input_format(std::string_view name);

/// The format of a path by its extension, in any letter case: *.gz -> kJsonlGzip, *.zst ->
/// kJsonlZstd, anything else -> kJsonl (plain text is never guessed; it needs --format text).
InputFormat format_from_extension(std::string_view path);

/// The format a file is read in when the inputs are in `chosen` (--format; nullopt: auto):
/// auto goes by format_from_extension; kText gives kTextGzip for *.gz, kTextZstd for *.zst
/// (any letter case) and kText for any other name; a JSON Lines format is every file's.
InputFormat file_format(std::string_view path, std::optional<InputFormat> chosen);

/// True when a directory walk takes a file called `name` for the format choice `chosen`:
/// every name for kText; otherwise *.jsonl, *.json and *.ndjson, with ".gz" appended for
/// kJsonlGzip, ".zst" for kJsonlZstd, either or nothing for auto. Letter case is ignored
/// (DATA.JSONL.GZ is taken).
bool walk_takes(std::string_view name, std::optional<InputFormat> chosen);

/// The names walk_takes takes, for messages: "" for kText, else e.g. "*.jsonl, *.json,
/// *.ndjson, each also .gz or .zst".
std::string walked_names(std::optional<InputFormat> chosen);

/// True for gzip and zstd: such a file cannot be read at any offset, only from the start of a
/// gzip member or zstd frame (a JSON Lines file of several is cut into splits there, see
/// cut_splits; others are one split).
bool is_compressed(InputFormat format);

/// True for the text formats: each file is one document named by its relative path.
bool is_text(InputFormat format);

/// The JSON Lines format compressed as `format` is: kText -> kJsonl, kTextGzip -> kJsonlGzip,
/// kTextZstd -> kJsonlZstd; a JSON Lines format is itself.
InputFormat json_lines_format(InputFormat format);

/// The file extension for output parts in this format: ".jsonl", ".jsonl.gz", ".jsonl.zst",
/// or "" for the text formats (text documents keep their relative path).
const char* output_extension(InputFormat format);

}  // namespace neardup
