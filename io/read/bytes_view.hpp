// Bytes already in memory read as a stream, in place: an archive decoded from a received or
// loaded buffer without the whole copy std::istringstream makes of it.
#pragma once

#include <streambuf>
#include <string_view>

namespace neardup {

/// A read-only std::streambuf over `bytes`, which must outlive it (for Boost archives, which
/// take a streambuf; std::ispanstream is C++23).
class BytesView : public std::streambuf {
 public:
  explicit BytesView(std::string_view bytes) {
    // The get area is only read: std::streambuf wants char*, nothing is written through it.
    char* data = const_cast<char*>(bytes.data());
    setg(data, data, data + bytes.size());
  }
};

}  // namespace neardup
