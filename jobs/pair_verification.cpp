// Verifying candidate pairs with the pipeline's documents: sketches read in place or fetched,
// shingle sets re-read by the documents' owners. Shared by the methods that verify.
#include "jobs/pair_verification.hpp"

namespace neardup {

std::vector<VerifiedPair> verify_pairs(PairSearch& search, std::span<const DocPair> pairs,
                                       const VerifyRule& rule, std::uint64_t round_bytes,
                                       VerifyCounts& counts) {
  const bool exact = rule.mode == VerifyMode::kExact;
  DocSource& source = search.source;
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    if (exact) {
      source.append_shingles(doc, out);
    } else {
      source.append_sketch(doc, out);
    }
  };
  const PayloadViewFn local_sketch = [&](DocId doc) { return source.sketch_bytes(doc); };
  // A payload is its 8-byte length and 8 bytes a distinct shingle (at most one a shingle
  // position, which the sketch counted), or the sketch.
  const LocalDocs& docs = search.docs;
  const PayloadSizeFn size_of = [&](DocId doc) -> std::uint64_t {
    return 8 + (exact ? 8ull * docs.features[docs.index_of(doc)] : source.sketch_bytes(doc).size());
  };
  const PayloadAccess access{search.owner, provide, exact ? PayloadViewFn() : local_sketch, size_of,
                             round_bytes};
  VerifyCounts round_counts;
  std::vector<VerifiedPair> verified =
      verify_candidates(search.exchanger, pairs, rule, access, round_counts);
  counts.checked += round_counts.checked;
  counts.skipped_joined += round_counts.skipped_joined;
  counts.rounds += round_counts.rounds;
  return verified;
}

}  // namespace neardup
