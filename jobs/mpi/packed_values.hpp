// Values packed into, and read back from, the byte blocks ranks exchange (exchange_blocks).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace neardup {

/// Appends the bytes of `value` to `out`.
template <class T>
void put_value(std::string& out, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

/// Reads a value put_value wrote at the front of `in`, and moves `in` past it.
template <class T>
T take_value(std::string_view& in) {
  static_assert(std::is_trivially_copyable_v<T>);
  T value;
  std::memcpy(&value, in.data(), sizeof value);
  in.remove_prefix(sizeof value);
  return value;
}

/// Appends `text` to `out`, its size first.
inline void put_string(std::string& out, std::string_view text) {
  put_value(out, static_cast<std::uint32_t>(text.size()));
  out.append(text);
}

/// Reads a string put_string wrote at the front of `in`, and moves `in` past it.
inline std::string take_string(std::string_view& in) {
  const auto size = take_value<std::uint32_t>(in);
  std::string text(in.substr(0, size));
  in.remove_prefix(size);
  return text;
}

}  // namespace neardup
