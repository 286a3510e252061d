// Inputs are regular files: a FIFO, device or socket is refused by its type, never opened in a
// way that could block.
#pragma once

#include <sys/types.h>

#include <string>

namespace neardup {

/// Names a file type for a message: "a FIFO (named pipe)", "a socket", "a directory"...
std::string file_type_name(mode_t mode);

/// Throws IoError naming `path` when it exists and is not a regular file (looked up with stat,
/// never opened, so a FIFO cannot block). `what` says what the file is for ("input").
void require_regular_file(const std::string& path, const std::string& what);

/// Opens `path` for reading without ever blocking on a FIFO (O_NONBLOCK until fstat says it
/// is regular) and returns the descriptor; throws IoError naming the path when it cannot be
/// opened or is not a regular file.
int open_regular_file(const std::string& path, const std::string& what);

}  // namespace neardup
