// The sketch format recorded in stored artefacts, packed beside their layout versions.
#include "core/sketch/sketch_format.hpp"

#include <stdexcept>

namespace neardup {

std::uint32_t stored_format_version(std::uint32_t layout, SketchFormat format) {
  if (layout == 0 || layout > 0xFF) {
    throw std::invalid_argument("a stored layout version must be 1-255, not " +
                                std::to_string(layout));
  }
  return layout << 24 | std::uint32_t{format.tokenizer} << 16 |
         std::uint32_t{format.shingle_hash} << 8 | format.sketch;
}

std::string describe_stored_version(std::uint32_t version) {
  const std::uint32_t layout = version >> 24;
  if (layout == 0) return std::to_string(version);
  const auto part = [&](unsigned shift) { return std::to_string((version >> shift) & 0xFF); };
  return "layout " + std::to_string(layout) + ", sketch format " + part(16) + "." + part(8) + "." +
         part(0) + " (tokenizer " + part(16) + ", shingle hash " + part(8) + ", sketch " + part(0) +
         ")";
}

}  // namespace neardup
