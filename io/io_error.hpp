// The exception type for input/output failures; its message always names the path involved.
#pragma once

#include <stdexcept>
#include <string>

namespace neardup {

/// An input or output failure (missing file, unreadable, short write). what() names the path.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A file written by another format version of neardup: never misread, always refused.
class FormatVersionError : public IoError {
 public:
  using IoError::IoError;
};

/// Builds "PATH: ACTION: strerror(errno)" from the current errno.
std::string errno_message(const std::string& path, const std::string& action);

}  // namespace neardup
