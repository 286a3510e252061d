// The documents one rank owns: where each line is, and its MinHash signature.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/doc_id.hpp"
#include "core/minhash.hpp"

namespace neardup {

/// Flat, id-sorted arrays describing the documents of the splits a rank sketched.
struct LocalDocs {
  unsigned num_perm = 0;
  std::vector<DocId> ids;               // ascending
  std::vector<std::uint64_t> offsets;   // line's first byte in its file
  std::vector<std::uint32_t> lengths;   // line's length without '\n'
  std::vector<std::uint32_t> shingles;  // distinct shingles per document
  std::vector<SigValue> signatures;     // ids.size() * num_perm

  /// Number of documents.
  std::size_t size() const { return ids.size(); }

  /// Index of a document this rank owns; throws std::logic_error when it does not own it.
  std::size_t index_of(DocId id) const;

  /// The signature of the document at `index`.
  std::span<const SigValue> signature(std::size_t index) const {
    return {signatures.data() + index * num_perm, num_perm};
  }
};

}  // namespace neardup
