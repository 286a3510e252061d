// Stage 6, clusters (the default): greedy clustering in keep order. Each connected group of
// candidates is decided on one rank, the one owning most of its payload bytes: walking its
// documents in keep order, the first undecided one is kept and removes its undecided candidates
// that pass the check against it (core/graph/greedy_clusters.hpp), so every removed document names
// a kept near-duplicate, the first in keep order. Checks are made lazily, in collective rounds
// whose payloads fit a byte budget.
#include "jobs/stages/greedy_stage.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "core/graph/greedy_clusters.hpp"
#include "core/id_mix.hpp"
#include "core/release.hpp"
#include "core/sketch/minhash.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/keep_stage.hpp"

namespace neardup {
namespace {

// A document of a candidate component on its way to the rank that decides the component.
struct Contender {
  DocId component = 0;  // the component's name: its member of lowest hash
  KeepCandidate keep;
  std::uint8_t beforehand = 0;  // removed before clustering
};

// Whether `x` is decided before `y`: components in a hashed order (so that every rank's
// documents come in every round alike), keep order within a component.
struct DecisionOrder {
  const KeepRule& rule;
  bool operator()(const Contender& x, const Contender& y) const {
    if (x.component != y.component) return mix_id(x.component) < mix_id(y.component);
    return kept_before(rule, x.keep, y.keep);
  }
};

// The star edges (first member, member) of every group, each group's members grouped on one
// rank; `grouped` gets those members, sorted and distinct (groups of one document left out:
// they propose no pair).
std::vector<DocPair> group_stars(Exchanger& exchanger, const std::vector<GroupedDoc>& groups,
                                 std::vector<GroupedDoc>& grouped) {
  const auto ranks = static_cast<std::uint64_t>(exchanger.size());
  std::vector<GroupedDoc> all = exchanger.shuffle(
      std::span<const GroupedDoc>(groups),
      [&](const GroupedDoc& g) { return static_cast<int>(mix_id(g.group) % ranks); });
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  grouped.clear();
  std::vector<DocPair> stars;
  for (std::size_t i = 0, j; i < all.size(); i = j) {
    for (j = i + 1; j < all.size() && all[j].group == all[i].group; ++j) {
      stars.push_back({all[i].doc, all[j].doc});
    }
    if (j - i > 1)
      grouped.insert(grouped.end(), all.begin() + static_cast<std::ptrdiff_t>(i),
                     all.begin() + static_cast<std::ptrdiff_t>(j));
  }
  return stars;
}

// One rank's payload bytes of one component's documents, on their way to the component's home
// (the owner of its root).
struct ComponentShare {
  DocId root = 0;
  std::uint64_t bytes = 0;
  std::int32_t rank = 0;
};

// The rank deciding a component, on its way to rank `to`, which holds some of its documents.
struct ComponentDecider {
  DocId root = 0;
  std::int32_t decider = 0;
  std::int32_t to = 0;
};

// Collective: the rank deciding each component of `members` (this rank's documents, sorted by
// document): the rank owning most of its payload bytes, ties to the lower rank, so that the
// fewest bytes are fetched to it. Returns (root, decider) for the roots of this rank's members,
// sorted by root.
std::vector<ComponentDecider> choose_deciders(Exchanger& exchanger,
                                              std::span<const ClusterMember> members,
                                              const OwnerFn& owner, const PayloadSizeFn& size_of) {
  std::vector<ComponentShare> shares;
  for (const ClusterMember& m : members)
    shares.push_back({m.root, size_of(m.doc), exchanger.rank()});
  std::sort(shares.begin(), shares.end(),
            [](const ComponentShare& x, const ComponentShare& y) { return x.root < y.root; });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < shares.size(); ++i) {
    if (kept > 0 && shares[kept - 1].root == shares[i].root) {
      shares[kept - 1].bytes += shares[i].bytes;
    } else {
      shares[kept++] = shares[i];
    }
  }
  shares.resize(kept);
  shares = exchanger.shuffle_consuming(std::move(shares),
                                       [&](const ComponentShare& c) { return owner(c.root); });
  std::sort(shares.begin(), shares.end(), [](const ComponentShare& x, const ComponentShare& y) {
    return x.root != y.root ? x.root < y.root : x.rank < y.rank;
  });
  std::vector<ComponentDecider> deciders;
  for (std::size_t i = 0, j; i < shares.size(); i = j) {
    std::size_t best = i;
    for (j = i + 1; j < shares.size() && shares[j].root == shares[i].root; ++j) {
      if (shares[j].bytes > shares[best].bytes) best = j;
    }
    for (std::size_t k = i; k < j; ++k) {
      deciders.push_back({shares[i].root, shares[best].rank, shares[k].rank});
    }
  }
  deciders = exchanger.shuffle_consuming(std::move(deciders),
                                         [](const ComponentDecider& d) { return d.to; });
  std::sort(deciders.begin(), deciders.end(),
            [](const ComponentDecider& x, const ComponentDecider& y) { return x.root < y.root; });
  return deciders;
}

// Whether near miss `x` is shown before `y`: the most similar first, ties by documents.
bool nearer(const VerifiedPair& x, const VerifiedPair& y) {
  return x.similarity != y.similarity ? x.similarity > y.similarity : by_documents(x, y);
}

// The near misses a rank keeps: the most similar failed checks, ties by documents.
class NearMisses {
 public:
  void add(const VerifiedPair& p) {
    ++count_;
    kept_.push_back(p);
    if (kept_.size() >= 4 * kNearMissesKept) trim();
  }
  std::uint64_t count() const { return count_; }
  std::vector<VerifiedPair> take() {
    trim();
    return std::move(kept_);
  }

 private:
  void trim() {
    std::sort(kept_.begin(), kept_.end(), nearer);
    if (kept_.size() > kNearMissesKept) kept_.resize(kNearMissesKept);
  }
  std::vector<VerifiedPair> kept_;
  std::uint64_t count_ = 0;
};

// One run of the stage: the steps, in the order greedy_clusters calls them.
class GreedyRun {
 public:
  GreedyRun(Exchanger& exchanger, const GreedyInputs& in, GreedyCounts& counts)
      : exchanger_(exchanger), in_(in), counts_(counts) {}

  // Collective: every component's documents, pairs and groups on the rank that decides it.
  void gather_components(const CandidateGraph& graph) {
    std::vector<GroupedDoc> grouped;
    std::vector<DocPair> edges = group_stars(exchanger_, graph.groups, grouped);
    edges.insert(edges.end(), graph.pairs.begin(), graph.pairs.end());
    ComponentCounts component_counts;
    members_ = connected_components(exchanger_, edges, in_.owner, component_counts,
                                    ComponentName::kLowestHash);
    release(edges);
    if (exchanger_.size() > 1) {  // one rank decides everything
      deciders_ = choose_deciders(exchanger_, members_, in_.owner, in_.access.size_of);
      member_deciders_.reserve(members_.size());
      for (const ClusterMember& m : members_) member_deciders_.push_back(decider_of(m.root));
    }
    const auto decider = [&](DocId doc) {
      return member_deciders_.empty() ? 0 : member_deciders_[member_index(doc)];
    };
    pairs_ = exchanger_.shuffle(std::span<const DocPair>(graph.pairs),
                                [&](const DocPair& p) { return decider(p.a); });
    std::vector<GroupedDoc> owned = exchanger_.shuffle_consuming(
        std::move(grouped), [&](const GroupedDoc& g) { return in_.owner(g.doc); });
    groups_ = exchanger_.shuffle_consuming(std::move(owned),
                                           [&](const GroupedDoc& g) { return decider(g.doc); });
    contenders_ = exchanger_.shuffle_consuming(
        contenders(), [&](const Contender& c) { return decider(c.keep.doc); });
    release(members_);
    release(deciders_);
    release(member_deciders_);
  }

  // Numbers the documents in decision order and builds the clustering over them.
  void number_documents() {
    if (contenders_.size() >= GreedyClusters::kNone) {
      throw std::length_error("greedy clusters: 2^32 - 1 or more documents decided on one rank");
    }
    std::sort(contenders_.begin(), contenders_.end(), DecisionOrder{in_.keep});
    ids_.reserve(contenders_.size());
    for (const Contender& c : contenders_) ids_.push_back(c.keep.doc);
    by_id_.resize(ids_.size());
    for (std::uint32_t n = 0; n < ids_.size(); ++n) by_id_[n] = {ids_[n], n};
    std::sort(by_id_.begin(), by_id_.end());
    count_components();
    std::vector<NumberedPair> pairs;
    pairs.reserve(pairs_.size());
    for (const DocPair& p : pairs_) pairs.push_back({number(p.a), number(p.b)});
    release(pairs_);
    std::sort(groups_.begin(), groups_.end());
    groups_.erase(std::unique(groups_.begin(), groups_.end()), groups_.end());
    std::vector<std::uint32_t> members;
    std::vector<std::size_t> starts{0};
    for (std::size_t i = 0; i < groups_.size(); ++i) {
      if (i > 0 && groups_[i].group != groups_[i - 1].group) starts.push_back(members.size());
      members.push_back(number(groups_[i].doc));
    }
    if (!groups_.empty()) starts.push_back(members.size());
    release(groups_);
    load_group_sketches(members);
    greedy_.emplace(static_cast<std::uint32_t>(ids_.size()), pairs, members, starts,
                    GroupRule{group_filter(), in_.group_checkers});
    for (std::uint32_t n = 0; n < ids_.size(); ++n) {
      if (contenders_[n].beforehand) greedy_->remove_beforehand(n);
    }
    release(contenders_);
  }

  // Collective: the rounds of checks, until every rank's components are decided.
  void decide(std::uint64_t round_bytes) {
    PayloadAccess access = in_.access;
    access.round_bytes = round_bytes;
    const std::vector<std::uint64_t> bytes = payload_bytes(exchanger_, ids_, access);
    RoundPayloads payloads(exchanger_, access, ids_, bytes);
    PairCheck check(in_.rule.check);
    const CandidateCheck candidate_check = [&](std::uint32_t kept, std::uint32_t candidate,
                                               double& similarity) {
      if (check.passes(payloads.get(kept), payloads.get(candidate), similarity)) return true;
      if (similarity >= in_.near_miss_low && similarity < in_.near_miss_high) {
        near_misses_.add({std::min(ids_[kept], ids_[candidate]),
                          std::max(ids_[kept], ids_[candidate]), similarity});
      }
      return false;
    };
    while (any_rank(exchanger_.comm(), !greedy_->done())) {
      ++counts_.rounds;
      payloads.load(greedy_->plan_round(bytes, round_bytes));
      greedy_->decide_round(candidate_check);
    }
  }

  // Collective: the decisions, each on the owner of its document.
  GreedyResult results() {
    std::vector<ClusterMember> members;
    std::vector<char> keeps(ids_.size(), 0);
    for (std::uint32_t n = 0; n < ids_.size(); ++n) {
      const std::uint32_t kept = greedy_->kept_by(n);
      if (kept == GreedyClusters::kNone) continue;
      members.push_back({ids_[n], ids_[kept], greedy_->similarity(n)});
      if (!keeps[kept]) members.push_back({ids_[kept], ids_[kept], 1.0});
      keeps[kept] = 1;
    }
    GreedyResult result;
    result.members = exchanger_.shuffle_consuming(
        std::move(members), [&](const ClusterMember& m) { return in_.owner(m.doc); });
    std::sort(result.members.begin(), result.members.end());
    result.near_misses = near_misses_.take();
    add_counts();
    return result;
  }

 private:
  // The index in members_ (sorted by doc) of a document of this rank's members.
  std::size_t member_index(DocId doc) const {
    return static_cast<std::size_t>(
        std::lower_bound(members_.begin(), members_.end(), ClusterMember{doc, 0}) -
        members_.begin());
  }

  // The rank deciding the component named `root` (one of this rank's members' components).
  int decider_of(DocId root) const {
    const auto it =
        std::lower_bound(deciders_.begin(), deciders_.end(), root,
                         [](const ComponentDecider& d, DocId key) { return d.root < key; });
    return it->decider;
  }

  // This rank's component members as contenders, with their keep values.
  std::vector<Contender> contenders() {
    std::vector<DocId> docs;
    docs.reserve(members_.size());
    for (const ClusterMember& m : members_) docs.push_back(m.doc);
    std::vector<KeepCandidate> values =
        keep_values(docs, in_.source, in_.keep, missing_, first_missing_);
    std::vector<Contender> out;
    out.reserve(members_.size());
    for (std::size_t i = 0; i < members_.size(); ++i) {
      const bool beforehand = std::binary_search(in_.removed_beforehand.begin(),
                                                 in_.removed_beforehand.end(), members_[i].doc);
      out.push_back({members_[i].root, values[i], static_cast<std::uint8_t>(beforehand)});
    }
    return out;
  }

  // The number of a document this rank decides.
  std::uint32_t number(DocId doc) const {
    const auto it =
        std::lower_bound(by_id_.begin(), by_id_.end(), std::pair<DocId, std::uint32_t>{doc, 0});
    return it->second;
  }

  // The components this rank decides: how many, and the largest.
  void count_components() {
    for (std::size_t i = 0; i < contenders_.size();) {
      std::size_t j = i + 1;
      while (j < contenders_.size() && contenders_[j].component == contenders_[i].component) ++j;
      ++components_;
      largest_ = std::max<std::uint64_t>(largest_, j - i);
      i = j;
    }
  }

  // The signatures of the groups' members, for the group filter (copied from this rank's
  // tables or fetched from their owners).
  void load_group_sketches(std::span<const std::uint32_t> members) {
    if (in_.rule.group_min_agree == 0) return;
    const unsigned words = in_.docs.sketch_words;
    sketch_slot_.assign(ids_.size(), kNoSlot);
    std::vector<DocId> remote;
    for (const std::uint32_t n : members) {
      if (sketch_slot_[n] != kNoSlot) continue;
      sketch_slot_[n] = static_cast<std::uint32_t>(sketches_.size() / words);
      sketches_.resize(sketches_.size() + words);
      if (in_.owner(ids_[n]) != exchanger_.rank()) remote.push_back(ids_[n]);
    }
    std::sort(remote.begin(), remote.end());
    const PayloadFn provide = [&](DocId doc, std::string& out) {
      in_.source.append_sketch(doc, out);
    };
    const Payloads fetched = fetch_payloads(exchanger_, remote, in_.owner, provide);
    for (std::uint32_t n = 0; n < ids_.size(); ++n) {
      if (sketch_slot_[n] == kNoSlot) continue;
      const std::string_view bytes = in_.owner(ids_[n]) == exchanger_.rank()
                                         ? in_.source.sketch_bytes(ids_[n])
                                         : fetched.get(ids_[n]);
      std::memcpy(sketches_.data() + std::size_t{sketch_slot_[n]} * words, bytes.data(),
                  std::min<std::size_t>(bytes.size(), std::size_t{words} * 4));
    }
  }

  // The group filter: signatures agreeing on at least rule.group_min_agree entries.
  GroupFilter group_filter() const {
    if (in_.rule.group_min_agree == 0) return {};
    return [this](std::uint32_t x, std::uint32_t y) {
      const unsigned words = in_.docs.sketch_words;
      const std::span<const SigValue> a(sketches_.data() + std::size_t{sketch_slot_[x]} * words,
                                        words);
      const std::span<const SigValue> b(sketches_.data() + std::size_t{sketch_slot_[y]} * words,
                                        words);
      return agreeing_entries(a, b) >= in_.rule.group_min_agree;
    };
  }

  // Adds this rank's counts to the global ones.
  void add_counts() {
    const MPI_Comm comm = exchanger_.comm();
    const GreedyClusters::Counts& mine = greedy_->counts();
    std::uint64_t moved = 0;  // clusters whose kept document is not their first in input order
    std::vector<char> seen(ids_.size(), 0);
    for (std::uint32_t n = 0; n < ids_.size(); ++n) {
      const std::uint32_t kept = greedy_->kept_by(n);
      if (kept == GreedyClusters::kNone || ids_[n] > ids_[kept] || seen[kept]) continue;
      seen[kept] = 1;
      ++moved;
    }
    counts_.checks = sum_over_ranks(comm, mine.checks);
    counts_.planned = sum_over_ranks(comm, mine.planned);
    counts_.group_filtered = sum_over_ranks(comm, mine.group_filtered);
    counts_.group_passed = sum_over_ranks(comm, mine.group_passed);
    counts_.components = sum_over_ranks(comm, components_);
    counts_.largest_component = max_over_ranks(comm, largest_);
    counts_.near_misses = sum_over_ranks(comm, near_misses_.count());
    counts_.keep_moved = sum_over_ranks(comm, moved);
    counts_.first_without_value = first_missing_location(comm, in_.source, in_.owner, missing_,
                                                         first_missing_, counts_.without_value);
  }

  static constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();

  Exchanger& exchanger_;
  const GreedyInputs& in_;
  GreedyCounts& counts_;
  std::vector<ClusterMember> members_;         // this rank's documents' components
  std::vector<ComponentDecider> deciders_;     // the ranks deciding them, by root
  std::vector<std::int32_t> member_deciders_;  // by members_ index
  std::vector<DocPair> pairs_;                 // of the components this rank decides
  std::vector<GroupedDoc> groups_;             //
  std::vector<Contender> contenders_;          //
  std::vector<DocId> ids_;                     // by number: decision order
  std::vector<std::pair<DocId, std::uint32_t>> by_id_;
  std::vector<std::uint32_t> sketch_slot_;  // by number: the group member's signature
  std::vector<SigValue> sketches_;
  std::optional<GreedyClusters> greedy_;
  NearMisses near_misses_;
  std::uint64_t components_ = 0, largest_ = 0;
  std::uint64_t missing_ = 0;
  DocId first_missing_ = std::numeric_limits<DocId>::max();
};

}  // namespace

std::vector<VerifiedPair> removal_pairs(Exchanger& exchanger,
                                        std::span<const ClusterMember> members,
                                        const OwnerFn& owner) {
  std::vector<VerifiedPair> pairs;
  for (const ClusterMember& m : members) {
    if (m.doc != m.root) {
      pairs.push_back({std::min(m.doc, m.root), std::max(m.doc, m.root), m.similarity});
    }
  }
  pairs = exchanger.shuffle_consuming(std::move(pairs),
                                      [&](const VerifiedPair& p) { return owner(p.a); });
  std::sort(pairs.begin(), pairs.end(), by_documents);
  return pairs;
}

std::vector<VerifiedPair> top_near_misses(Exchanger& exchanger,
                                          std::vector<VerifiedPair>&& near_misses) {
  std::vector<VerifiedPair> top =
      exchanger.shuffle_consuming(std::move(near_misses), [](const VerifiedPair&) { return 0; });
  std::sort(top.begin(), top.end(), nearer);
  if (top.size() > kNearMissesKept) top.resize(kNearMissesKept);
  return top;
}

GreedyResult greedy_clusters(Exchanger& exchanger, const CandidateGraph& graph,
                             const GreedyInputs& in, std::uint64_t round_bytes, StageClock& clock,
                             GreedyCounts& counts) {
  counts = {};
  clock.start("components");
  GreedyRun run(exchanger, in, counts);
  run.gather_components(graph);
  run.number_documents();
  clock.start("verify");
  run.decide(round_bytes);
  return run.results();
}

}  // namespace neardup
