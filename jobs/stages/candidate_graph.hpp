// What a method's candidate search proposes: pairs of documents, and groups every two members
// of which are candidates (an LSH bucket, a run of equal fingerprints, equal digests), with
// the rule that decides which candidates are duplicates.
#pragma once

#include <cstdint>
#include <vector>

#include "core/lsh/candidate_edges.hpp"
#include "jobs/stages/pair_check.hpp"

namespace neardup {

/// A document of a candidate group.
struct GroupedDoc {
  std::uint64_t group = 0;  // the group's key, unique in the run
  DocId doc = 0;
  friend bool operator<(const GroupedDoc& x, const GroupedDoc& y) {
    return x.group != y.group ? x.group < y.group : x.doc < y.doc;
  }
  friend bool operator==(const GroupedDoc&, const GroupedDoc&) = default;
};

/// The candidates of a run.
struct CandidateGraph {
  /// Candidate pairs (a < b), on rank owner(a), sorted, distinct. A group too large to list as
  /// pairs is spanned by some of its pairs (a star, a chain), so that the pairs alone connect
  /// what transitive clustering (--clusters components) needs.
  std::vector<DocPair> pairs;
  /// Groups too large to list as pairs: every two members are candidates, unless the group
  /// filter rejects them. Any rank, repeats allowed. Greedy clustering checks a kept member
  /// against every undecided later member, so no pair of a group is missed.
  std::vector<GroupedDoc> groups;
};

/// How candidates are decided.
struct CandidateRule {
  CheckRule check;  // when a candidate pair is a duplicate
  /// When > 0, a pair of a group is a candidate only when the documents' MinHash signatures
  /// agree on at least this many entries: the sketch filter the method's pairs passed.
  unsigned group_min_agree = 0;
};

}  // namespace neardup
