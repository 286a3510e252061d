// Inputs in another format than they are read as, told from their names and first bytes: JSON
// Lines in a text run, text (or UTF-16, or a 0-byte compressed file) in a JSON Lines run.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "io/input/input_plan.hpp"

namespace neardup {

/// What is wrong with an input's format, or kNone.
enum class FormatHint : std::uint8_t {
  kNone,
  kJsonLinesInText,  // a text run reads a file named *.jsonl / *.ndjson (also .gz, .zst) or
                     // whose first lines are JSON objects: it becomes one document
  kNotJsonLines,     // a JSON Lines run reads a file whose first byte is not '{'
  kUtf16,            // a byte order mark FF FE or FE FF, or a NUL byte at nearly every other
                     // position of the head and almost never between
  kEmptyCompressed,  // a 0-byte .gz or .zst file: no gzip or zstd data, no documents
};

/// How many kinds FormatHint has besides kNone.
inline constexpr std::size_t kFormatHintCount = 4;

/// Counts of files per FormatHint (index hint - 1).
using FormatHintCounts = std::array<std::uint64_t, kFormatHintCount>;

/// How many bytes at the start of a file sniff_format reads (decompressed).
inline constexpr std::size_t kSniffBytes = 4096;

/// The hint for `file`, read as file.format, from its name and size and `head`, its first
/// bytes (decompressed; at most kSniffBytes, fewer when the file is shorter).
FormatHint format_hint(const InputFile& file, std::string_view head);

/// format_hint of `file` with its first kSniffBytes read (decompressed); kNone when it cannot be
/// read (reading it later reports that, naming it).
FormatHint sniff_format(const InputFile& file);

/// The warning for `file` and `hint` (not kNone), naming the file and saying what to do, e.g.
/// "a.jsonl: looks like JSON Lines, but --format text reads each file as one document (leave
/// out --format text, or --exclude it)".
std::string format_hint_text(const InputFile& file, FormatHint hint);

/// The stats.json key of `hint` (not kNone): "jsonl_in_text", "not_jsonl", "utf16",
/// "empty_compressed".
const char* format_hint_key(FormatHint hint);

}  // namespace neardup
