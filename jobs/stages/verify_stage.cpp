// Stage 5, verify: each candidate pair is checked against the threshold on the rank that holds
// it, with its documents' payloads made by their owners (fetched when remote) in rounds.
#include "jobs/stages/verify_stage.hpp"

#include <algorithm>

#include "core/graph/union_find.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/components_stage.hpp"
#include "jobs/stages/pair_check.hpp"
#include "jobs/stages/round_payloads.hpp"
#include "jobs/stages/verify_rounds.hpp"

namespace neardup {
namespace {

// The distinct documents of the pairs of a round, sorted.
std::vector<std::uint32_t> round_documents(std::span<const DensePair> pairs,
                                           std::span<const std::size_t> round) {
  std::vector<std::uint32_t> docs;
  docs.reserve(2 * round.size());
  for (const std::size_t i : round) {
    docs.push_back(pairs[i].a);
    docs.push_back(pairs[i].b);
  }
  std::sort(docs.begin(), docs.end());
  docs.erase(std::unique(docs.begin(), docs.end()), docs.end());
  return docs;
}

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

std::vector<VerifiedPair> verify_candidates(Exchanger& exchanger, std::span<const DocPair> pairs,
                                            const VerifyRule& rule, const PayloadAccess& access,
                                            VerifyCounts& counts) {
  const DenseDocs docs(pairs);
  const std::vector<DensePair> dense = docs.number(pairs);
  const std::vector<std::uint64_t> bytes = payload_bytes(exchanger, docs.ids(), access);
  UnionFind joined(docs.size());
  const auto skip = [&](const DensePair& p) {
    const bool skipped = rule.skip_joined && joined.find(p.a) == joined.find(p.b);
    counts.skipped_joined += skipped;
    return skipped;
  };
  RoundPlanner planner(dense, bytes, access.round_bytes);
  RoundPayloads payloads(exchanger, access, docs.ids(), bytes);
  PairCheck check(rule.check);
  std::vector<VerifiedPair> verified;
  while (any_rank(exchanger.comm(), !planner.done())) {
    const std::vector<std::size_t> round = planner.next_round(skip);
    ++counts.rounds;
    payloads.load(round_documents(dense, round));
    for (const std::size_t i : round) {
      const DensePair& p = dense[i];
      if (skip(p)) continue;  // joined by a pair verified earlier in this round
      ++counts.checked;
      double similarity = 0;
      if (!check.passes(payloads.get(p.a), payloads.get(p.b), similarity)) continue;
      verified.push_back({pairs[i].a, pairs[i].b, similarity});
      joined.unite(p.a, p.b);
    }
  }
  // Rounds take the pairs component by component; the input's order is (a, b).
  std::sort(verified.begin(), verified.end(), by_documents);
  return verified;
}

std::vector<VerifiedPair> verify_by_component(Exchanger& exchanger, std::vector<DocPair>&& pairs,
                                              const VerifyRule& rule, const PayloadAccess& access,
                                              VerifyCounts& counts) {
  // Checking every pair (no skipping), the ranks share a large component's checks instead.
  if (exchanger.size() == 1 || !rule.skip_joined) {
    return verify_candidates(exchanger, pairs, rule, access, counts);
  }
  const std::vector<DocPair> routed = to_checkers(exchanger, std::move(pairs), access.owner);
  std::vector<VerifiedPair> passed = verify_candidates(exchanger, routed, rule, access, counts);
  std::vector<VerifiedPair> verified = exchanger.shuffle_consuming(
      std::move(passed), [&](const VerifiedPair& p) { return access.owner(p.a); });
  std::sort(verified.begin(), verified.end(), by_documents);
  return verified;
}

}  // namespace neardup
