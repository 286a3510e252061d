// Base64 (RFC 4648, standard alphabet, padded): bytes that are not text carried in JSON.
#pragma once

#include <string>
#include <string_view>

namespace neardup {

/// `bytes` in base64 with the standard alphabet (A-Z a-z 0-9 + /) and '=' padding, no line
/// breaks: what Python's base64.b64decode reads back.
std::string base64_encode(std::string_view bytes);

}  // namespace neardup
