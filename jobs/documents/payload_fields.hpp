// Length-prefixed fields in a fetched payload (document_fetch.hpp): a field is its length (8
// bytes, native order) then its bytes, so any bytes, NUL included, can be a field.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace neardup {

/// Appends `bytes` to `out` as one field.
inline void put_field(std::string& out, std::string_view bytes) {
  const std::uint64_t length = bytes.size();
  out.append(reinterpret_cast<const char*>(&length), sizeof length);
  out += bytes;
}

/// The field at the start of `in`, which is moved past it.
inline std::string_view take_field(std::string_view& in) {
  std::uint64_t length = 0;
  std::memcpy(&length, in.data(), sizeof length);
  const std::string_view field = in.substr(sizeof length, length);
  in.remove_prefix(sizeof length + length);
  return field;
}

}  // namespace neardup
