// Names of line statuses, as used in logs and stats.json.
#include "io/read/line_status.hpp"

namespace neardup {

const char* line_status_name(LineStatus status) {
  switch (status) {
    case LineStatus::kOk:
      return "ok";
    case LineStatus::kBlankLine:
      return "blank_line";
    case LineStatus::kMalformedJson:
      return "malformed_json";
    case LineStatus::kMissingText:
      return "missing_text";
    case LineStatus::kTextNotString:
      return "text_not_string";
    case LineStatus::kDocTooLarge:
      return "doc_too_large";
    case LineStatus::kUndecodableInput:
      return "undecodable_input";
    case LineStatus::kUnreadableFile:
      return "unreadable_file";
    case LineStatus::kBinaryFile:
      return "binary_file";
  }
  return "unknown";
}

}  // namespace neardup
