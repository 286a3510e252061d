// Global document ids: (split index, line within split) packed so that numeric order is input
// order.
#pragma once

#include <cstdint>

namespace neardup {

/// A document's global id. The high 32 bits are the split index, the low 32 bits the line's
/// index inside its split, so ids never depend on the rank count and compare in input order.
using DocId = std::uint64_t;

/// Packs a split index and a line index into a DocId.
constexpr DocId make_doc_id(std::uint32_t split, std::uint32_t line) {
  return (static_cast<DocId>(split) << 32) | line;
}

/// The split index of a DocId.
constexpr std::uint32_t split_of(DocId id) { return static_cast<std::uint32_t>(id >> 32); }

/// The line index (within its split) of a DocId.
constexpr std::uint32_t line_of(DocId id) { return static_cast<std::uint32_t>(id); }

}  // namespace neardup
