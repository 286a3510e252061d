// Inputs in another format than they are read as, told from their names and first bytes.
#include "io/input/format_sniff.hpp"

#include <algorithm>
#include <cctype>
#include <memory>

#include "io/io_error.hpp"
#include "io/read/byte_stream.hpp"
#include "io/read/compressed_stream.hpp"

namespace neardup {
namespace {

// True for "*.jsonl" and "*.ndjson", each also .gz or .zst, in any letter case (a ".json"
// file may well be one JSON document, as package.json is).
bool named_json_lines(std::string_view path) {
  std::string lower(path);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const std::string_view suffix : {".gz", ".zst"}) {
    if (lower.ends_with(suffix)) lower.resize(lower.size() - suffix.size());
  }
  return lower.ends_with(".jsonl") || lower.ends_with(".ndjson");
}

// `head` without a UTF-8 byte order mark and leading white space.
std::string_view content_start(std::string_view head) {
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  const std::size_t first = head.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos ? std::string_view() : head.substr(first);
}

// A byte order mark, or text mostly in the first 256 code points: a NUL byte at nearly every
// other position and almost never between (binary files have NUL bytes anywhere).
bool looks_utf16(std::string_view head) {
  if (head.starts_with("\xFF\xFE") || head.starts_with("\xFE\xFF")) return true;
  const std::size_t pairs = head.size() / 2;
  std::size_t even = 0, odd = 0;
  for (std::size_t i = 0; i < pairs * 2; i += 2) {
    even += head[i] == '\0' ? 1u : 0u;
    odd += head[i + 1] == '\0' ? 1u : 0u;
  }
  const std::size_t most = std::max(even, odd), least = std::min(even, odd);
  return pairs >= 8 && most * 10 >= pairs * 9 && least * 10 <= pairs;
}

// True when `head` starts with a one-line JSON object followed by a line starting with '{'.
bool looks_json_lines(std::string_view head) {
  head = content_start(head);
  const std::size_t newline = head.find('\n');
  if (!head.starts_with('{') || newline == std::string_view::npos) return false;
  std::string_view first = head.substr(0, newline);
  while (!first.empty() && (first.back() == '\r' || first.back() == ' ')) first.remove_suffix(1);
  return first.ends_with('}') && head.substr(newline + 1).starts_with('{');
}

std::unique_ptr<ByteStream> open_stream(const InputFile& file) {
  if (!is_compressed(file.format)) return std::make_unique<FileStream>(file.path, 0);
  return open_compressed_stream(file.path, file.format.codec);
}

}  // namespace

FormatHint format_hint(const InputFile& file, std::string_view head) {
  if (is_compressed(file.format) && file.size == 0) return FormatHint::kEmptyCompressed;
  if (looks_utf16(head)) return FormatHint::kUtf16;
  if (is_text(file.format)) {
    return named_json_lines(file.path) || looks_json_lines(head) ? FormatHint::kJsonLinesInText
                                                                 : FormatHint::kNone;
  }
  const std::string_view start = content_start(head);
  return start.empty() || start.starts_with('{') ? FormatHint::kNone : FormatHint::kNotJsonLines;
}

FormatHint sniff_format(const InputFile& file) {
  std::string head(kSniffBytes, '\0');
  std::size_t got = 0;
  if (file.size > 0) {
    try {
      const std::unique_ptr<ByteStream> stream = open_stream(file);
      for (std::size_t n = 1; got < head.size() && n > 0; got += n) {
        n = stream->read(head.data() + got, head.size() - got);
      }
    } catch (const IoError&) {
      return FormatHint::kNone;
    }
  }
  head.resize(got);
  return format_hint(file, head);
}

std::string format_hint_text(const InputFile& file, FormatHint hint) {
  switch (hint) {
    case FormatHint::kJsonLinesInText:
      return file.path +
             ": looks like JSON Lines, but --format text reads each file as one document "
             "(read it in a run without --format text, or --exclude it)";
    case FormatHint::kNotJsonLines:
      return file.path +
             ": does not look like JSON Lines (its first byte is not '{'); if each file is one "
             "document, pass --format text";
    case FormatHint::kUtf16:
      return file.path +
             ": looks like UTF-16 (a byte order mark or many NUL bytes); neardup reads UTF-8: "
             "convert it, e.g. iconv -f UTF-16 -t UTF-8";
    case FormatHint::kEmptyCompressed:
      return file.path + ": empty (0 bytes), so no " +
             (file.format.codec == Codec::kGzip ? "gzip" : "zstd") + " data and no documents";
    case FormatHint::kNone:
      break;
  }
  return "";
}

const char* format_hint_key(FormatHint hint) {
  switch (hint) {
    case FormatHint::kJsonLinesInText:
      return "jsonl_in_text";
    case FormatHint::kNotJsonLines:
      return "not_jsonl";
    case FormatHint::kUtf16:
      return "utf16";
    case FormatHint::kEmptyCompressed:
      return "empty_compressed";
    case FormatHint::kNone:
      break;
  }
  return "";
}

}  // namespace neardup
