// Verifying candidate pairs with the pipeline's documents: sketches read in place or fetched,
// shingle sets re-read by the documents' owners. Shared by the methods that verify.
#include "jobs/pair_verification.hpp"

#include <algorithm>

#include "core/release.hpp"
#include "jobs/components.hpp"

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

std::vector<VerifiedPair> verify_exactly(PairSearch& search, std::vector<DocPair>&& pairs,
                                         double threshold, bool skip_joined,
                                         std::uint64_t round_bytes, VerifyCounts& counts) {
  search.need_records(pairs);
  search.clock.start("verify");
  VerifyRule rule{VerifyMode::kExact, threshold, 0, skip_joined};
  Exchanger& exchanger = search.exchanger;
  if (!skip_joined || exchanger.size() == 1) {
    return verify_pairs(search, pairs, rule, round_bytes, counts);
  }
  rule.share_joins = false;  // each component's pairs are on one rank
  ComponentCounts component_counts;
  const std::vector<ClusterMember> members =
      connected_components(exchanger, pairs, search.owner, component_counts);
  // Every pair's first document is this rank's, so its component's root is in `members`.
  const auto root_rank = [&](const DocPair& p) {
    const auto it = std::lower_bound(members.begin(), members.end(), ClusterMember{p.a, 0});
    return search.owner(it->root);
  };
  std::vector<DocPair> routed = exchanger.shuffle_consuming(std::move(pairs), root_rank);
  sort_doc_pairs(routed);
  std::vector<VerifiedPair> passed = verify_pairs(search, routed, rule, round_bytes, counts);
  release(routed);
  std::vector<VerifiedPair> mine = exchanger.shuffle_consuming(
      std::move(passed), [&](const VerifiedPair& p) { return search.owner(p.a); });
  std::sort(mine.begin(), mine.end(), [](const VerifiedPair& x, const VerifiedPair& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  });
  return mine;
}

}  // namespace neardup
