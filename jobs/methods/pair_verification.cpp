// Verifying candidate pairs with the pipeline's documents: sketches read in place or fetched,
// shingle sets re-read by the documents' owners. Shared by the methods that verify.
#include "jobs/methods/pair_verification.hpp"

#include <algorithm>
#include <cstring>

#include "core/release.hpp"
#include "core/union_find.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/stages/verify_rounds.hpp"

namespace neardup {

std::vector<VerifiedPair> verify_pairs(PairSearch& search, std::span<const DocPair> pairs,
                                       const VerifyRule& rule, std::uint64_t round_bytes,
                                       VerifyCounts& counts,
                                       std::span<const DocPair> joined_before) {
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
      verify_candidates(search.exchanger, pairs, rule, access, round_counts, joined_before);
  counts.checked += round_counts.checked;
  counts.skipped_joined += round_counts.skipped_joined;
  counts.rounds += round_counts.rounds;
  return verified;
}

namespace {

// Each document of `pairs` (this rank's) with the component it joined in phase 1, as pairs
// (document, the component's smallest document) for the documents not the smallest: this
// rank's documents from `passed`, the others' components asked of their owners.
std::vector<DocPair> phase_one_joins(Exchanger& exchanger, std::span<const VerifiedPair> passed,
                                     std::span<const DocPair> pairs, const OwnerFn& owner) {
  std::vector<DocPair> edges;
  for (const VerifiedPair& p : passed) edges.push_back({p.a, p.b});
  const DenseDocs joined(edges);
  UnionFind sets(joined.size());
  for (const DensePair& p : joined.number(edges)) sets.unite(p.a, p.b);
  const auto component = [&](DocId doc) {
    std::uint32_t d = 0;
    return joined.find(doc, d) ? joined.doc(static_cast<std::uint32_t>(sets.find(d))) : doc;
  };
  const DenseDocs docs(pairs);
  std::vector<DocPair> joins;
  std::vector<DocId> remote;
  for (std::uint32_t d = 0; d < docs.size(); ++d) {
    const DocId doc = docs.doc(d);
    if (owner(doc) != exchanger.rank()) {
      remote.push_back(doc);
    } else if (const DocId root = component(doc); root != doc) {
      joins.push_back({doc, root});
    }
  }
  const PayloadFn provide = [&](DocId doc, std::string& out) {
    const DocId root = component(doc);
    out.append(reinterpret_cast<const char*>(&root), sizeof root);
  };
  const Payloads roots = fetch_payloads(exchanger, remote, owner, provide);
  for (const DocId doc : remote) {
    DocId root = 0;
    std::memcpy(&root, roots.get(doc).data(), sizeof root);
    if (root != doc) joins.push_back({doc, root});
  }
  return joins;
}

}  // namespace

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
  // Phase 1: the pairs of two documents this rank owns, with no joins to share.
  const int rank = exchanger.rank();
  std::vector<DocPair> local, across;
  for (const DocPair& p : pairs) (search.owner(p.b) == rank ? local : across).push_back(p);
  release(pairs);
  rule.share_joins = false;
  std::vector<VerifiedPair> verified = verify_pairs(search, local, rule, round_bytes, counts);
  release(local);
  // Phase 2: the other pairs, where every rank's phase-1 joins count and new ones are shared.
  const std::vector<DocPair> joins = phase_one_joins(exchanger, verified, across, search.owner);
  rule.share_joins = true;
  const std::vector<VerifiedPair> more =
      verify_pairs(search, across, rule, round_bytes, counts, joins);
  verified.insert(verified.end(), more.begin(), more.end());
  std::sort(verified.begin(), verified.end(), [](const VerifiedPair& x, const VerifiedPair& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  });
  return verified;
}

}  // namespace neardup
