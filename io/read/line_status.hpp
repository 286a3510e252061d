// What became of one input line (or record): a document, or the reason it was skipped.
#pragma once

namespace neardup {

/// The outcome of reading one record. Every status but kOk is a skip reason, counted in
/// stats.json under its name.
enum class LineStatus {
  kOk,
  kBlankLine,         // only spaces, tabs and '\r'
  kMalformedJson,     // not a JSON object
  kMissingText,       // the text field is absent
  kTextNotString,     // the text field is not a string
  kDocTooLarge,       // longer than --max-doc-mb (skipped whole, never truncated)
  kUndecodableInput,  // corrupt or truncated compressed data: the rest of the file, once
  kUnreadableFile,    // the file could not be opened or read: the whole file, once
  kBinaryFile,        // a text file with a NUL byte in its first 8 KiB: the whole file, once
};

/// Number of LineStatus values (for per-reason counters indexed by status).
inline constexpr int kLineStatusCount = 9;

/// The stable name of a status as used in logs and stats.json: "ok", "blank_line",
/// "malformed_json", "missing_text", "text_not_string", "doc_too_large", "undecodable_input",
/// "unreadable_file", "binary_file".
const char* line_status_name(LineStatus status);

}  // namespace neardup
