// The spans search: anchors with their contexts shuffled and grouped on their k-grams'
// ranks; groups with one context decided there, the others left to their representatives'
// windows (representative_windows).
#include "jobs/stages/span_facts_stage.hpp"

#include <algorithm>
#include <tuple>

#include "core/spans/winnowing.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/stages/representative_windows.hpp"

namespace neardup {
namespace {

using Kind = WindowFact::Kind;

// An anchor as shuffled: its k-gram hash, its context's hash (0: the context does not fit in
// its document), where it is.
struct AnchorPrint {
  std::uint64_t hash = 0;
  std::uint64_t context = 0;
  DocId doc = 0;
  std::uint32_t token = 0;
};

// What the anchors' owners decided: the anchors of one-context groups and the
// representatives (both sent to their documents' owners), and the followers (kept, sorted).
struct AnchorGroups {
  std::vector<TokenFact> whole;
  std::vector<RepAnchor> reps;
  std::vector<Follower> followers;
};

// Judges one group of anchors with equal k-gram hashes, sorted by (context, doc, token): with
// one context known to all, decided whole; else each context's first is a representative and
// the other anchors of its context (a context of 0 has none) follow it.
void judge_group(std::span<const AnchorPrint> group, AnchorGroups& out, SpanSearchCounts& counts) {
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
  for (std::size_t begin = 0; begin < group.size();) {
    const AnchorPrint& rep = group[begin];
    std::size_t end = begin + 1;
    while (rep.context != 0 && end < group.size() && group[end].context == rep.context) {
      out.followers.push_back({rep.doc, rep.token, group[end].doc, group[end].token});
      ++end;
    }
    const auto places = static_cast<std::uint32_t>(end - begin);
    out.reps.push_back({rep.doc, rep.token, places});
    counts.follower_anchors += places - 1;
    begin = end;
  }
}

// This rank's documents' anchors, with their contexts.
std::vector<AnchorPrint> document_anchors(std::span<const DocId> docs, const TokensOf& tokens_of,
                                          DocumentWinnower& winnower) {
  std::vector<AnchorPrint> anchors;
  std::vector<std::uint32_t> distinct;
  TokenStream tokens;
  for (const DocId doc : docs) {
    tokens_of(doc, tokens);
    if (!winnower.winnow(tokens)) continue;
    winnower.contexts();
    distinct_anchors(winnower.anchor_of_window(), distinct);
    for (const std::uint32_t a : distinct) {
      anchors.push_back({winnower.kgrams()[a], winnower.context(a), doc, a});
    }
  }
  return anchors;
}

// Every anchor of `docs`, shuffled with its context and judged where its k-gram hash goes;
// the decisions on whole groups and the representatives go to the documents' owners, the
// followers stay.
AnchorGroups anchor_groups(Exchanger& exchanger, std::span<const DocId> docs,
                           const TokensOf& tokens_of, DocumentWinnower& winnower,
                           const OwnerFn& owner, SpanSearchCounts& counts) {
  std::vector<AnchorPrint> anchors;
  run_agreed(exchanger.comm(),  // reading a document may fail on this rank only
             [&] { anchors = document_anchors(docs, tokens_of, winnower); });
  counts.anchors = anchors.size();
  const int ranks = exchanger.size();
  anchors = exchanger.shuffle_consuming(
      std::move(anchors), [&](const AnchorPrint& a) { return fingerprint_owner(a.hash, ranks); });
  std::sort(anchors.begin(), anchors.end(), [](const AnchorPrint& a, const AnchorPrint& b) {
    return std::tie(a.hash, a.context, a.doc, a.token) <
           std::tie(b.hash, b.context, b.doc, b.token);
  });
  AnchorGroups groups;
  for (std::size_t begin = 0; begin < anchors.size();) {
    std::size_t end = begin + 1;
    while (end < anchors.size() && anchors[end].hash == anchors[begin].hash) ++end;
    if (end - begin > 1)
      judge_group(std::span(anchors).subspan(begin, end - begin), groups, counts);
    begin = end;
  }
  anchors = {};
  groups.whole = exchanger.shuffle_consuming(std::move(groups.whole),
                                             [&](const TokenFact& f) { return owner(f.doc); });
  std::sort(groups.whole.begin(), groups.whole.end(), by_place);
  groups.reps = exchanger.shuffle_consuming(std::move(groups.reps),
                                            [&](const RepAnchor& r) { return owner(r.doc); });
  std::sort(groups.reps.begin(), groups.reps.end(), [](const RepAnchor& a, const RepAnchor& b) {
    return std::tie(a.doc, a.token) < std::tie(b.doc, b.token);
  });
  std::sort(groups.followers.begin(), groups.followers.end());
  return groups;
}

}  // namespace

SpanFacts find_span_facts(Exchanger& exchanger, std::span<const DocId> docs,
                          const TokensOf& tokens_of, const SpanSpec& spec, std::uint64_t mask,
                          const OwnerFn& owner, SpanSearchCounts& counts) {
  DocumentWinnower winnower(spec, mask);
  AnchorGroups groups = anchor_groups(exchanger, docs, tokens_of, winnower, owner, counts);
  SpanFacts facts;
  facts.windows = representative_window_runs(exchanger, docs, groups.reps, groups.followers,
                                             tokens_of, winnower, spec, mask, owner, counts);
  facts.anchors = std::move(groups.whole);
  return facts;
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
