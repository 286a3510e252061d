// The documents one rank owns: where each record is, its feature count and its sketch.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/doc_id.hpp"

namespace neardup {

/// Flat, id-sorted arrays describing the documents of the splits a rank sketched. Every
/// document has a sketch of the same number of 32-bit words: a MinHash signature, a SimHash
/// fingerprint (2 words) or a 128-bit digest (4 words).
struct LocalDocs {
  unsigned sketch_words = 0;
  std::vector<DocId> ids;               // ascending
  std::vector<std::uint64_t> offsets;   // record's first byte in its file (or spill file)
  std::vector<std::uint32_t> lengths;   // record's length without '\n'
  std::vector<std::uint32_t> features;  // shingle positions or tokens; 0 = empty, never matched
  std::vector<std::uint32_t> sketches;  // ids.size() * sketch_words

  /// Number of documents.
  std::size_t size() const { return ids.size(); }

  /// Index of a document this rank owns; throws std::logic_error when it does not own it.
  std::size_t index_of(DocId id) const;

  /// The sketch of the document at `index`.
  std::span<const std::uint32_t> sketch(std::size_t index) const {
    return {sketches.data() + index * sketch_words, sketch_words};
  }
};

}  // namespace neardup
