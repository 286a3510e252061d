// Input formats: JSON Lines and plain-text files (the container), each plain, gzip or zstd
// (the codec), detected by extension.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace neardup {

/// How a file's bytes hold records.
enum class Container : std::uint8_t {
  kJsonLines,  // one JSON object per line
  kText,       // the whole file is one document; its id is the path relative to the input root
};

/// How a file's bytes are compressed: a stream filter beneath the records (io/read/
/// compressed_stream, io/write/part_writer), whatever the container. A new codec is a value
/// here and in kCodecs, its suffix (codec_suffix), its stream and its part writer.
enum class Codec : std::uint8_t {
  kNone,
  kGzip,  // one or more gzip members
  kZstd,  // one or more zstd frames
};

/// How a file holds documents: a container beneath a codec. Compressed files are streamed,
/// never random-accessed.
struct InputFormat {
  Container container = Container::kJsonLines;
  Codec codec = Codec::kNone;
  friend constexpr bool operator==(InputFormat, InputFormat) = default;

  static const InputFormat kJsonl, kJsonlGzip, kJsonlZstd, kText, kTextGzip, kTextZstd;
};

inline constexpr InputFormat InputFormat::kJsonl{Container::kJsonLines, Codec::kNone};
inline constexpr InputFormat InputFormat::kJsonlGzip{Container::kJsonLines, Codec::kGzip};
inline constexpr InputFormat InputFormat::kJsonlZstd{Container::kJsonLines, Codec::kZstd};
inline constexpr InputFormat InputFormat::kText{Container::kText, Codec::kNone};
inline constexpr InputFormat InputFormat::kTextGzip{Container::kText, Codec::kGzip};
inline constexpr InputFormat InputFormat::kTextZstd{Container::kText, Codec::kZstd};

/// Every codec, kNone first.
inline constexpr Codec kCodecs[] = {Codec::kNone, Codec::kGzip, Codec::kZstd};

/// The extension a codec's files end with and its format names carry: "", ".gz", ".zst".
const char* codec_suffix(Codec codec);

/// The codec of a file by its name's extension, in any letter case (kNone when none matches).
Codec codec_from_extension(std::string_view path);

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

/// True for a codec other than kNone: such a file cannot be read at any offset, only from the start
/// of a gzip member or zstd frame (a JSON Lines file of several is cut into splits there, see
/// cut_splits; others are one split).
bool is_compressed(InputFormat format);

/// True for the text formats: each file is one document named by its relative path.
bool is_text(InputFormat format);

/// The JSON Lines format with the codec of `format` (kTextGzip -> kJsonlGzip).
InputFormat json_lines_format(InputFormat format);

/// The file extension for output parts in this format: ".jsonl", ".jsonl.gz", ".jsonl.zst",
/// or "" for the text formats (text documents keep their relative path).
const char* output_extension(InputFormat format);

}  // namespace neardup
