// The spans search's windows: each representative's windows hashed on its document's rank
// and sent, in rounds of k-gram buckets, to its k-gram's rank, which groups them and sends
// every window's fact, its followers' too, to the documents' ranks as runs.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/spans/anchor_followers.hpp"
#include "core/spans/document_winnower.hpp"
#include "io/scratch/bucket_spill.hpp"
#include "io/scratch/sorted_runs.hpp"
#include "jobs/spans/span_facts_stage.hpp"

namespace neardup {

/// A representative anchor (the first of its context in its k-gram's group), as its
/// document's owner learns it, and the anchors it stands for (itself and its followers).
struct RepAnchor {
  DocId doc = 0;
  std::uint32_t token = 0;
  std::uint32_t places = 1;
};

/// Orders representatives by place: document, then token.
inline constexpr auto rep_by_place = [](const RepAnchor& a, const RepAnchor& b) {
  return a.doc != b.doc ? a.doc < b.doc : a.token < b.token;
};

/// Representatives gathered round by round on their documents' owners, read by place.
using RepRuns = SortedRuns<RepAnchor, decltype(rep_by_place)>;

/// Collective: the facts of the windows that this rank's representatives `reps` anchor, and of
/// their followers' (`followers`: of the k-grams this rank owns, by bucket; taken round by
/// round), as runs added to `runs` on the documents' owners. Each
/// representative's document is tokenized again (`tokens_of`) and winnowed (`winnower`); the
/// hashes of its windows (ANDed with `mask`, their low 48 bits) wait in a BucketSpill by k-gram
/// bucket and go in rounds (`rounds`) to their k-gram's owner, which groups them by hash
/// (window_facts: every occurrence of a window is in its k-gram's group) and resolves the followers
/// (resolve_followers). Counts into counts.windows, repeated, window_runs, rounds,
/// spilled_bytes and largest.
void representative_window_runs(Exchanger& exchanger, RepRuns& reps, BucketSpill& followers,
                                const TokensOf& tokens_of, DocumentWinnower& winnower,
                                const SpanSpec& spec, std::uint64_t mask, const OwnerFn& owner,
                                const SearchRounds& rounds, WindowRuns& runs,
                                SpanSearchCounts& counts);

}  // namespace neardup
