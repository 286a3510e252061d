// The spans search: anchors with their contexts shuffled in rounds of k-gram buckets and
// grouped on their k-grams' ranks; groups with one context decided there, the others left to
// their representatives' windows (representative_windows).
#include "jobs/spans/span_facts_stage.hpp"

#include <algorithm>

#include "core/spans/winnowing.hpp"
#include "io/scratch/bucket_spill.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/spans/record_coding.hpp"
#include "jobs/spans/representative_windows.hpp"
#include "jobs/spans/search_rounds.hpp"

namespace neardup {
namespace {

using Kind = WindowFact::Kind;

// An anchor as shuffled: its k-gram hash, its context's hash (0: the context does not fit in
// its document), where it is. Packed: 28 bytes in the spill, not 32; about 17 on the wire.
struct [[gnu::packed]] AnchorPrint {
  std::uint64_t hash = 0;
  std::uint64_t context = 0;
  DocId doc = 0;
  std::uint32_t token = 0;
};

// An anchor on the wire: its place as a change, its k-gram hash's low kSearchHashBytes bytes,
// its whole context hash. A context is compared with every other of its k-gram's group, which
// for common boilerplate holds millions: at 48 bits two of them would collide in a large
// corpus, and the second context's anchors would follow the first's, their cuts refused.
void encode_anchor(RecordWriter& out, const AnchorPrint& a) {
  out.place(a.doc, a.token);
  out.low_bytes(a.hash, kSearchHashBytes);
  out.low_bytes(a.context, sizeof a.context);
}

// An anchor encode_anchor wrote (its k-gram hash's high bytes 0).
AnchorPrint decode_anchor(RecordReader& in) {
  const auto [doc, token] = in.place();
  const std::uint64_t hash = in.low_bytes(kSearchHashBytes);
  return {hash, in.low_bytes(sizeof(std::uint64_t)), doc, token};
}

// A decision on an anchor of a whole group on the wire: its place as a change, its fact.
void encode_token_fact(RecordWriter& out, const TokenFact& f) {
  out.place(f.doc, f.token);
  out.fact(f.fact);
}

// A decision encode_token_fact wrote.
TokenFact decode_token_fact(RecordReader& in) {
  const auto [doc, token] = in.place();
  return {doc, token, in.fact()};
}

// A representative on the wire: its place as a change, the anchors it stands for.
void encode_rep(RecordWriter& out, const RepAnchor& r) {
  out.place(r.doc, r.token);
  out.number(r.places);
}

// A representative encode_rep wrote.
RepAnchor decode_rep(RecordReader& in) {
  const auto [doc, token] = in.place();
  return {doc, token, static_cast<std::uint32_t>(in.number())};
}

// Decisions on anchors of whole groups gathered round by round, read by place.
using WholeRuns = SortedRuns<TokenFact, decltype(by_place)>;

// What the anchors' owners decided and sent to the documents' owners: the anchors of
// one-context groups and the representatives. The followers stay on the k-grams' owners, in a
// BucketSpill by their k-gram's bucket.
struct AnchorGroups {
  explicit AnchorGroups(const SearchRounds& rounds)
      : whole(rounds.path + "-whole", rounds.findings_bytes()),
        reps(rounds.path + "-reps", rounds.findings_bytes()) {}

  WholeRuns whole;
  RepRuns reps;
};

// The decisions and representatives of one round, on the k-grams' owners.
struct RoundGroups {
  std::vector<TokenFact> whole;
  std::vector<RepAnchor> reps;
};

// Judges one group of anchors with equal k-gram hashes, sorted by (context, doc, token): with
// one context known to all, decided whole; else each context's first is a representative and
// the other anchors of its context (a context of 0 has none) follow it, kept in `followers`.
void judge_group(std::span<const AnchorPrint> group, RoundGroups& out, BucketSpill& followers,
                 SpanSearchCounts& counts) {
  counts.shared_anchors += group.size();
  if (group.front().context != 0 && group.front().context == group.back().context) {
    note_repeat(group.size(), counts.largest);
    counts.whole_anchors += group.size();
    for (std::size_t i = 0; i < group.size(); ++i) {
      const AnchorPrint& equal = i == 0 ? group[1] : group[0];
      out.whole.push_back({group[i].doc,
                           group[i].token,
                           {i == 0 ? Kind::kFirst : Kind::kCopy, equal.doc, equal.token}});
    }
    return;
  }
  const std::size_t bucket = search_bucket(group.front().hash);
  for (std::size_t begin = 0; begin < group.size();) {
    const AnchorPrint& rep = group[begin];
    std::size_t end = begin + 1;
    while (rep.context != 0 && end < group.size() && group[end].context == rep.context) {
      followers.put(bucket, Follower{rep.doc, rep.token, group[end].doc, group[end].token});
      ++end;
    }
    const auto places = static_cast<std::uint32_t>(end - begin);
    out.reps.push_back({rep.doc, rep.token, places});
    counts.follower_anchors += places - 1;
    begin = end;
  }
}

// This rank's documents' anchors, with their contexts, into `anchors` by their k-gram's bucket.
void document_anchors(std::span<const DocId> docs, const TokensOf& tokens_of,
                      DocumentWinnower& winnower, BucketSpill& anchors, SpanSearchCounts& counts) {
  std::vector<std::uint32_t> distinct;
  TokenStream tokens;
  for (const DocId doc : docs) {
    tokens_of(doc, tokens);
    if (!winnower.winnow(tokens)) continue;
    winnower.contexts();
    distinct_anchors(winnower.anchor_of_window(), distinct);
    for (const std::uint32_t a : distinct) {
      const std::uint64_t hash = winnower.kgrams()[a];
      anchors.put(search_bucket(hash), AnchorPrint{hash, winnower.context(a), doc, a});
    }
    counts.anchors += distinct.size();
  }
}

// One round's anchors shuffled to their k-grams' owners and judged there; the decisions on
// whole groups and the representatives added to `groups` on the documents' owners.
void judge_round(Exchanger& exchanger, std::vector<AnchorPrint> anchors, const OwnerFn& owner,
                 AnchorGroups& groups, BucketSpill& followers, SpanSearchCounts& counts) {
  const int ranks = exchanger.size();
  anchors = exchange_records(
      exchanger, std::move(anchors),
      [&](const AnchorPrint& a) { return fingerprint_owner(a.hash, ranks); }, encode_anchor,
      decode_anchor);
  // By k-gram hash, context, then place; compared field by field, as values: the fields are
  // packed, and std::tie would bind references to them.
  std::sort(anchors.begin(), anchors.end(), [](const AnchorPrint& a, const AnchorPrint& b) {
    if (a.hash != b.hash) return a.hash < b.hash;
    if (a.context != b.context) return a.context < b.context;
    if (a.doc != b.doc) return a.doc < b.doc;
    return a.token < b.token;
  });
  RoundGroups round;
  run_agreed(exchanger.comm(), [&] {  // a follower spilled may fail on this rank only
    for (std::size_t begin = 0; begin < anchors.size();) {
      std::size_t end = begin + 1;
      while (end < anchors.size() && anchors[end].hash == anchors[begin].hash) ++end;
      if (end - begin > 1) {
        judge_group(std::span(anchors).subspan(begin, end - begin), round, followers, counts);
      }
      begin = end;
    }
  });
  release(anchors);
  // In place order, so that each takes a few bytes on the wire.
  std::sort(round.whole.begin(), round.whole.end(), by_place);
  std::sort(round.reps.begin(), round.reps.end(), rep_by_place);
  const std::vector<TokenFact> whole = exchange_records(
      exchanger, std::move(round.whole), [&](const TokenFact& f) { return owner(f.doc); },
      encode_token_fact, decode_token_fact);
  const std::vector<RepAnchor> reps = exchange_records(
      exchanger, std::move(round.reps), [&](const RepAnchor& r) { return owner(r.doc); },
      encode_rep, decode_rep);
  run_agreed(exchanger.comm(), [&] {  // a spill may fail on this rank only
    groups.whole.add(whole);
    groups.reps.add(reps);
  });
}

// Every anchor of `docs`, shuffled with its context in rounds of k-gram buckets and judged
// where its k-gram hash goes: the decisions on whole groups and the representatives into
// `groups` on the documents' owners; the followers in `followers`.
void anchor_groups(Exchanger& exchanger, std::span<const DocId> docs, const TokensOf& tokens_of,
                   DocumentWinnower& winnower, const OwnerFn& owner, const SearchRounds& rounds,
                   AnchorGroups& groups, BucketSpill& followers, SpanSearchCounts& counts) {
  BucketSpill anchors(rounds.path + "-anchors", kSearchBuckets, rounds.round_bytes);
  run_agreed(exchanger.comm(),  // reading a document may fail on this rank only
             [&] { document_anchors(docs, tokens_of, winnower, anchors, counts); });
  for (const BucketRange range :
       bucket_rounds(exchanger.comm(), bucket_bytes(anchors), rounds.round_bytes)) {
    std::vector<AnchorPrint> round;
    run_agreed(exchanger.comm(), [&] { round = take_values<AnchorPrint>(anchors, range); });
    judge_round(exchanger, std::move(round), owner, groups, followers, counts);
    ++counts.rounds;
  }
  counts.spilled_bytes += anchors.spilled_bytes();
}

}  // namespace

void find_span_facts(Exchanger& exchanger, std::span<const DocId> docs, const TokensOf& tokens_of,
                     const SpanSpec& spec, std::uint64_t mask, const OwnerFn& owner,
                     const SearchRounds& rounds, const FactSink& facts, SpanSearchCounts& counts) {
  DocumentWinnower winnower(spec, mask);
  BucketSpill followers(rounds.path + "-followers", kSearchBuckets, rounds.round_bytes);
  AnchorGroups groups(rounds);
  anchor_groups(exchanger, docs, tokens_of, winnower, owner, rounds, groups, followers, counts);
  WindowRuns runs(rounds.path + "-runs", rounds.findings_bytes());
  representative_window_runs(exchanger, groups.reps, followers, tokens_of, winnower, spec, mask,
                             owner, rounds, runs, counts);
  counts.spilled_bytes += followers.spilled_bytes();
  run_agreed(exchanger.comm(), [&] {  // reading the runs back may fail on this rank only
    WholeRuns::Reader whole = groups.whole.read(rounds.findings_bytes() / 2);
    WindowRuns::Reader windows = runs.read(rounds.findings_bytes() / 2);
    merge_facts(whole, windows, facts);
  });
  counts.spilled_bytes += groups.whole.spilled_bytes() + runs.spilled_bytes();
}

std::vector<WindowFact> document_window_facts(const TokenStream& tokens, const SpanSpec& spec,
                                              std::uint64_t mask,
                                              std::span<const TokenFact> anchors,
                                              std::span<const WindowRun> windows) {
  DocumentWinnower winnower(spec, mask);
  if (!winnower.winnow(tokens)) return {};
  const std::vector<std::uint32_t>& anchor_of = winnower.anchor_of_window();
  std::vector<WindowFact> facts(anchor_of.size());
  if (!anchors.empty()) {
    for (std::uint32_t p = 0; p < anchor_of.size(); ++p) {
      const TokenFact* anchor = at_token(anchors, anchor_of[p]);
      if (anchor == nullptr) continue;
      facts[p] = anchor->fact;
      facts[p].equal_token = anchor->fact.equal_token - (anchor_of[p] - p);
    }
  }
  for (const WindowRun& run : windows) {
    for (std::uint32_t i = 0; i < run.count; ++i) {
      const std::uint32_t p = run.token + i;
      if (p < facts.size() && anchor_of[p] == run.anchor) facts[p] = run.at(i);
    }
  }
  return facts;
}

}  // namespace neardup
