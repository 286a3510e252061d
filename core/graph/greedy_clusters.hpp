// Greedy clustering in keep order (the pivot algorithm; the lexicographically first maximal
// independent set of the duplicate graph), checking candidate pairs lazily, in rounds whose
// documents' payloads fit a byte budget.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <vector>

namespace neardup {

/// Two documents of a greedy clustering, by their numbers (in either order).
struct NumberedPair {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
};

/// Whether two members of one group (the earlier, then the later) are candidates: groups may
/// stand for pairs that a cheaper test filters before they are checked.
using GroupFilter = std::function<bool(std::uint32_t earlier, std::uint32_t later)>;

/// How the members of groups are checked.
struct GroupRule {
  /// Which pairs of a group are candidates (empty: all).
  GroupFilter filter;
  /// When > 0, a group is checked by its first this many kept members (in order): each, when
  /// kept, checks the group's later undecided members; a member kept after them checks only
  /// its pairs and its other groups, so two such members are candidates only through those.
  /// Bounds the checks of a group of m look-alikes that are not duplicates (a template's
  /// bucket: every member is kept) to checkers x m instead of m^2 / 2, while a family is
  /// checked by its first member, which removes it.
  std::uint32_t checkers = 0;
};

/// Checks the candidate pair (kept, candidate): whether it passes, and its similarity.
using CandidateCheck =
    std::function<bool(std::uint32_t kept, std::uint32_t candidate, double& similarity)>;

/// Greedy clustering over documents numbered 0..n-1 in the order they are decided (the keep
/// order; documents that share no candidates may come in any order between each other): the
/// first undecided document is kept, and removes every later undecided candidate of it that
/// passes the check against it; repeat. So every removed document names a kept document that
/// passed the check against it, the first such kept document in keep order, and no two kept
/// documents that are candidates of each other pass the check. The result depends only on the
/// candidates, the order and the check.
///
/// Candidates are pairs, and groups whose every two members are candidates unless the group
/// rule rejects them (an LSH bucket too large to list as pairs: its filter, and its checkers).
/// A pair is checked only when its earlier document is kept and its later one still
/// undecided: a family of m near-identical documents costs m - 1 checks, not m(m-1)/2.
///
/// Checks need the payloads of both documents, which a caller loads in rounds: plan_round()
/// names the documents whose payloads the next round's checks read, within a byte budget;
/// decide_round() then decides its documents in order. A round plans ahead of what is decided:
/// its later documents may turn out removed by its earlier ones, and their checks are then not
/// made (planning ahead is bounded, see plan_round).
class GreedyClusters {
 public:
  /// No kept document (removed beforehand, or kept).
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  /// `docs` documents; `pairs` candidate pairs (repeats allowed); group g's members are
  /// group_members[group_starts[g], group_starts[g + 1]) (any order, repeats allowed), checked
  /// as `rule` says. Throws std::invalid_argument for a document number out of range.
  GreedyClusters(std::uint32_t docs, std::span<const NumberedPair> pairs,
                 std::span<const std::uint32_t> group_members,
                 std::span<const std::size_t> group_starts, GroupRule rule);

  /// Marks `doc` removed before any round, naming no kept document (an earlier corpus has
  /// it): it neither keeps nor removes anything. Call before the first round.
  void remove_beforehand(std::uint32_t doc);

  /// Whether every document is decided.
  bool done() const { return cursor_ == docs_ && pending_.empty() && entries_.empty(); }

  /// Plans the next round and returns the documents whose payloads its checks read, sorted:
  /// documents in order from the first undecided one, each not yet removed with its later
  /// undecided candidates, while their payloads' bytes (`bytes[d]`, a document counted once)
  /// fit `budget`. A round holds at least one check: a document whose candidates do not fit
  /// is split over rounds, each holding it and a budget's worth of its candidates. Documents that
  /// may be removed by the round's earlier ones are planned only while their candidates number at
  /// most 4 times those of the others plus 65,536. Empty when done(), or when the round only
  /// decides documents without checks.
  std::span<const std::uint32_t> plan_round(std::span<const std::uint64_t> bytes,
                                            std::uint64_t budget);

  /// Decides the planned round's documents in order: each one not yet removed is kept and
  /// checks each of its planned candidates still undecided with `check` (the payloads of the
  /// documents plan_round returned must be readable); a candidate that passes is removed,
  /// naming it.
  void decide_round(const CandidateCheck& check);

  /// After done(): whether `doc` was removed (beforehand or by a kept document).
  bool removed(std::uint32_t doc) const { return status_[doc] == Status::kRemoved; }
  /// The kept document that removed `doc`, or kNone.
  std::uint32_t kept_by(std::uint32_t doc) const { return kept_by_[doc]; }
  /// The similarity of `doc` to the document that removed it (0 when none did).
  double similarity(std::uint32_t doc) const { return similarity_[doc]; }

  /// What the clustering did so far.
  struct Counts {
    std::uint64_t rounds = 0;   // rounds planned with at least one check
    std::uint64_t checks = 0;   // pairs checked
    std::uint64_t passed = 0;   // checks that removed a document
    std::uint64_t planned = 0;  // checks planned (some are not made: see plan_round)
    /// Pairs of groups the filter rejected while planning (documents planned ahead and then
    /// removed count too, and a document planned in a later round counts again: this depends
    /// on the rounds, as `planned` does).
    std::uint64_t group_filtered = 0;
    std::uint64_t group_passed = 0;  // groups of kept documents already checked enough
  };
  const Counts& counts() const { return counts_; }

 private:
  enum class Status : std::uint8_t { kUndecided, kKept, kRemoved };

  // A document of a round and its planned checks: targets_[begin, end); the groups it was
  // to check when planned.
  struct Entry {
    std::uint32_t doc;
    std::size_t begin;
    std::size_t end;
    std::uint32_t open_groups;
  };

  // Lists the later undecided candidates of `v` into scratch_ (each once; scratch_via_group_
  // says which came only through a group); returns the number of open groups of `v`.
  std::uint32_t list_candidates(std::uint32_t v);
  // Group g's members, sorted.
  std::span<const std::uint32_t> group(std::uint32_t g) const;
  // Whether group g is still checked by the members kept next (GroupRule::checkers).
  bool open_group(std::uint32_t g) const;
  // Keeps the document of `e`, which takes a check of each of its open groups (scanning_).
  void keep(const Entry& e);
  // Whether targets_[target] is still a candidate of its entry's document: a pair, or in a
  // group it checks.
  bool still_candidate(std::size_t target) const;
  // Adds `doc` to the round's documents (once); returns its bytes when new, else 0.
  std::uint64_t take(std::uint32_t doc, std::span<const std::uint64_t> bytes);
  // The bytes the round's documents grow by when `v` and `candidates` join it.
  std::uint64_t added_bytes(std::uint32_t v, std::span<const std::uint32_t> candidates,
                            std::span<const std::uint64_t> bytes) const;
  // Plans as many of scratch_'s candidates of `v` as fit (at least one; returns how many); the
  // rest stay pending.
  std::size_t plan_split(std::uint32_t v, std::uint32_t open_groups,
                         std::span<const std::uint64_t> bytes, std::uint64_t budget);

  std::uint32_t docs_;
  std::vector<std::size_t> later_start_;   // CSR: each document's later pair candidates
  std::vector<std::uint32_t> later_;       //
  std::vector<std::size_t> groups_start_;  // CSR: each document's groups
  std::vector<std::uint32_t> groups_;      //
  std::vector<std::size_t> member_start_;  // CSR: each group's members, sorted
  std::vector<std::uint32_t> members_;     //
  std::vector<std::uint32_t> scans_;       // each group's kept members that checked it
  GroupRule rule_;

  std::vector<Status> status_;
  std::vector<std::uint32_t> kept_by_;
  std::vector<double> similarity_;
  std::vector<std::uint32_t> listed_;    // the last listing that listed each document
  std::uint32_t listing_ = 0;            // listings so far (wrapping)
  std::vector<std::uint32_t> in_round_;  // the last round that loads each document
  std::vector<std::uint32_t> maybe_;     // the last round that plans a check of each document
  std::uint32_t cursor_ = 0;             // the first document not planned yet
  std::uint32_t pending_doc_ = 0;        // a split document's
  std::vector<std::uint32_t> pending_;   // candidates not planned yet
  std::vector<std::uint8_t> pending_via_group_;
  std::uint32_t round_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::uint32_t> targets_;
  std::vector<std::uint8_t> targets_via_group_;  // 1: a candidate only through a group
  std::vector<std::uint32_t> round_docs_;
  std::vector<std::uint32_t> scratch_;
  std::vector<std::uint8_t> scratch_via_group_;
  std::vector<std::uint32_t> scanning_;  // the groups the document kept last checks
  bool all_groups_open_ = true;          // ... all it was planned to check
  std::uint64_t used_ = 0;
  Counts counts_;
};

}  // namespace neardup
