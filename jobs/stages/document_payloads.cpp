// The pipeline's documents as the payloads of a check: shingle sets made by their owners, or
// sketches read where they lie.
#include "jobs/stages/document_payloads.hpp"

namespace neardup {

DocumentPayloads::DocumentPayloads(CheckKind kind, DocSource& source, const LocalDocs& docs,
                                   const OwnerFn& owner, std::uint64_t round_bytes)
    : access_{owner, provide_, {}, size_of_, round_bytes} {
  const bool sets = reads_shingle_sets(kind);
  provide_ = [&source, sets](DocId doc, std::string& out) {
    if (sets) {
      const std::span<const std::uint64_t> set = source.shingle_set(doc);
      out.append(reinterpret_cast<const char*>(set.data()), set.size_bytes());
    } else {
      source.append_sketch(doc, out);
    }
  };
  // A payload is its 8-byte length and 8 bytes a distinct shingle (at most one a shingle
  // position, which the sketch counted), or the sketch.
  size_of_ = [&docs, sets](DocId doc) -> std::uint64_t {
    return 8 + (sets ? 8ull * docs.features[docs.index_of(doc)] : 4ull * docs.sketch_words);
  };
  if (!sets) access_.local = [&source](DocId doc) { return source.sketch_bytes(doc); };
}

}  // namespace neardup
