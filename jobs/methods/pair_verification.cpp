// Verifying candidate pairs with the pipeline's documents: sketches read in place or fetched,
// shingle sets made by the documents' owners for the rank that checks their cluster. Shared by
// the methods that verify.
#include "jobs/methods/pair_verification.hpp"

#include <algorithm>

#include "jobs/stages/components_stage.hpp"

namespace neardup {
namespace {

// Collective: every rank's `pairs` (each on rank owner(a)) moved to the rank that checks their
// connected component, and sorted there: the owner of a member drawn as if at random (the
// lowest hash), so components spread over the ranks as documents do, and a component whose
// documents one rank owns is checked there, fetching nothing.
std::vector<DocPair> to_checkers(Exchanger& exchanger, std::vector<DocPair>&& pairs,
                                 const OwnerFn& owner) {
  ComponentCounts counts;
  const std::vector<ClusterMember> members =
      connected_components(exchanger, pairs, owner, counts, ComponentName::kLowestHash);
  const auto checker = [&](const DocPair& p) {
    const auto it = std::lower_bound(members.begin(), members.end(), ClusterMember{p.a, 0});
    return owner(it->root);
  };
  std::vector<DocPair> routed = exchanger.shuffle_consuming(std::move(pairs), checker);
  sort_doc_pairs(routed);
  return routed;
}

}  // namespace

std::vector<VerifiedPair> verify_pairs(PairSearch& search, std::span<const DocPair> pairs,
                                       const VerifyRule& rule, std::uint64_t round_bytes,
                                       VerifyCounts& counts) {
  const bool exact = rule.mode == VerifyMode::kExact;
  DocSource& source = search.source;
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    if (exact) {
      const std::span<const std::uint64_t> set = source.shingle_set(doc);
      out.append(reinterpret_cast<const char*>(set.data()), set.size_bytes());
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

std::vector<VerifiedPair> verify_by_component(PairSearch& search, std::vector<DocPair>&& pairs,
                                              const VerifyRule& rule, std::uint64_t round_bytes,
                                              VerifyCounts& counts) {
  Exchanger& exchanger = search.exchanger;
  // Checking every pair (no skipping), the ranks share a large component's checks instead.
  if (exchanger.size() == 1 || !rule.skip_joined) {
    return verify_pairs(search, pairs, rule, round_bytes, counts);
  }
  const std::vector<DocPair> routed = to_checkers(exchanger, std::move(pairs), search.owner);
  std::vector<VerifiedPair> passed = verify_pairs(search, routed, rule, round_bytes, counts);
  std::vector<VerifiedPair> verified = exchanger.shuffle_consuming(
      std::move(passed), [&](const VerifiedPair& p) { return search.owner(p.a); });
  std::sort(verified.begin(), verified.end(), by_documents);
  return verified;
}

std::vector<VerifiedPair> verify_exactly(PairSearch& search, std::vector<DocPair>&& pairs,
                                         double threshold, bool skip_joined,
                                         std::uint64_t round_bytes, VerifyCounts& counts) {
  search.need_records(pairs);
  search.clock.start("verify");
  return verify_by_component(search, std::move(pairs),
                             {VerifyMode::kExact, threshold, 0, skip_joined}, round_bytes, counts);
}

}  // namespace neardup
