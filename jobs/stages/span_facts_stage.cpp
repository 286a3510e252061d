// The spans search: anchors with their contexts shuffled and grouped; where the contexts
// differ, one representative per context sends its windows' hashes back to the anchor's
// owner, which groups them and sends every window's fact, followers' too, as runs.
#include "jobs/stages/span_facts_stage.hpp"

#include <algorithm>
#include <string>
#include <tuple>

#include "core/sketch/shingles.hpp"
#include "core/spans/window_groups.hpp"
#include "core/spans/winnowing.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/packed_values.hpp"

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

// A representative's windows as its owner sends them to its k-gram's owner, their hashes
// after it: the k-gram hash, where the anchor is, the windows it anchors [first, first +
// count), and the anchors it stands for (itself and its followers).
struct RepHeader {
  std::uint64_t kgram = 0;
  DocId doc = 0;
  std::uint32_t anchor = 0;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  std::uint32_t places = 1;
};

// A representative's windows as its k-gram's owner holds them: their hashes from
// `first_hash` on.
struct HeldRep {
  RepHeader header;
  std::size_t first_hash = 0;
};

// A representative anchor, as its document's owner learns it, and the anchors it stands for
// (itself and its followers).
struct RepAnchor {
  DocId doc = 0;
  std::uint32_t token = 0;
  std::uint32_t places = 1;
};

// What the anchors' owners decided: the anchors of one-context groups and the
// representatives (both sent to their documents' owners), and the followers (kept, sorted).
struct AnchorGroups {
  std::vector<TokenFact> whole;
  std::vector<RepAnchor> reps;
  std::vector<Follower> followers;
};

// A representative's window as its k-gram's owner groups it, and the anchors it stands for.
struct HeldWindow {
  Fingerprint print;
  std::uint32_t places = 1;
};

// A document's k-gram hashes, each window's anchor and, on request, each anchor's context.
class Winnower {
 public:
  Winnower(const SpanSpec& spec, std::uint64_t mask) : spec_(spec), mask_(mask) {}

  // Winnows `tokens`; false when they are fewer than one window.
  bool winnow(const TokenStream& tokens) {
    if (tokens.size() < spec_.min_tokens) return false;
    shingle_hashes(tokens, {ShingleKind::kWord, spec_.fingerprint_tokens(), 1}, kgrams_);
    for (std::uint64_t& h : kgrams_) h &= mask_;
    window_anchors(kgrams_, spec_.winnow_window(), anchor_of_window_);
    return true;
  }

  // The context hash of every k-gram of `tokens` (winnowed last): the hash of the tokens of
  // all the windows holding it, from w - 1 tokens before it to m - 1 after its first; 0 for
  // a k-gram whose context does not fit in the document.
  void contexts(const TokenStream& tokens) {
    const std::size_t before = spec_.winnow_window() - 1;
    const std::size_t length = before + spec_.min_tokens;
    contexts_.assign(kgrams_.size(), 0);
    if (tokens.size() < length) return;
    shingle_hashes(tokens, {ShingleKind::kWord, static_cast<unsigned>(length), 1}, spans_);
    for (std::size_t s = 0; s < spans_.size(); ++s) {
      const std::uint64_t h = spans_[s] & mask_;
      contexts_[s + before] = h == 0 ? 1 : h;
    }
  }

  const std::vector<std::uint64_t>& kgrams() const { return kgrams_; }
  const std::vector<std::uint32_t>& anchor_of_window() const { return anchor_of_window_; }
  std::uint64_t context(std::uint32_t kgram) const { return contexts_[kgram]; }

 private:
  const SpanSpec& spec_;
  std::uint64_t mask_;
  std::vector<std::uint64_t> kgrams_;
  std::vector<std::uint32_t> anchor_of_window_;
  std::vector<std::uint64_t> spans_;
  std::vector<std::uint64_t> contexts_;
};

void note_group(std::uint64_t size, std::vector<std::uint64_t>& largest) {
  largest.push_back(size);
  std::sort(largest.begin(), largest.end(), std::greater<>());
  if (largest.size() > kLargestRepeats) largest.pop_back();
}

// Judges one group of anchors with equal k-gram hashes, sorted by (context, doc, token): with
// one context known to all, decided whole; else each context's first is a representative and
// the other anchors of its context (a context of 0 has none) follow it.
void judge_group(std::span<const AnchorPrint> group, AnchorGroups& out, SpanSearchCounts& counts) {
  counts.shared_anchors += group.size();
  if (group.front().context != 0 && group.front().context == group.back().context) {
    note_group(group.size(), counts.largest);
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
                                          Winnower& winnower) {
  std::vector<AnchorPrint> anchors;
  std::vector<std::uint32_t> distinct;
  TokenStream tokens;
  for (const DocId doc : docs) {
    tokens_of(doc, tokens);
    if (!winnower.winnow(tokens)) continue;
    winnower.contexts(tokens);
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
                           const TokensOf& tokens_of, Winnower& winnower, const OwnerFn& owner,
                           SpanSearchCounts& counts) {
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

// The part of `list` (sorted by place: doc, token) that belongs to `doc`.
template <class Place>
std::span<const Place> part_of(std::span<const Place> list, DocId doc) {
  const auto first = std::lower_bound(list.begin(), list.end(), doc,
                                      [](const Place& f, DocId d) { return f.doc < d; });
  auto last = first;
  while (last != list.end() && last->doc == doc) ++last;
  return {first, last};
}

// The entry at `token` of one document's `part` of a list sorted by place, if any.
template <class Place>
const Place* find_token(std::span<const Place> part, std::uint32_t token) {
  const auto it = std::lower_bound(part.begin(), part.end(), token,
                                   [](const Place& f, std::uint32_t t) { return f.token < t; });
  return it != part.end() && it->token == token ? &*it : nullptr;
}

// The windows of this rank's representatives (`reps`, by place), as blocks for their
// k-grams' owners: a RepHeader, then the hashes of the windows it anchors.
std::vector<std::string> representative_windows(std::span<const DocId> docs,
                                                std::span<const RepAnchor> reps,
                                                const TokensOf& tokens_of, Winnower& winnower,
                                                const SpanSpec& spec, std::uint64_t mask, int ranks,
                                                SpanSearchCounts& counts) {
  std::vector<std::string> blocks(static_cast<std::size_t>(ranks));
  std::vector<std::uint64_t> window_hashes;
  TokenStream tokens;
  for (const DocId doc : docs) {
    const std::span<const RepAnchor> part = part_of(reps, doc);
    if (part.empty()) continue;
    tokens_of(doc, tokens);
    winnower.winnow(tokens);
    shingle_hashes(tokens, {ShingleKind::kWord, spec.min_tokens, 1}, window_hashes);
    const std::vector<std::uint32_t>& anchor_of = winnower.anchor_of_window();
    for (std::uint32_t p = 0; p < anchor_of.size();) {
      const std::uint32_t anchor = anchor_of[p];
      std::uint32_t end = p + 1;
      while (end < anchor_of.size() && anchor_of[end] == anchor) ++end;
      if (const RepAnchor* rep = find_token(part, anchor)) {
        const std::uint64_t kgram = winnower.kgrams()[anchor];
        std::string& block = blocks[static_cast<std::size_t>(fingerprint_owner(kgram, ranks))];
        put_value(block, RepHeader{kgram, doc, anchor, p, end - p, rep->places});
        for (std::uint32_t w = p; w < end; ++w) put_value(block, window_hashes[w] & mask);
        counts.windows += end - p;
      }
      p = end;
    }
  }
  return blocks;
}

// The representatives' windows received from every rank, sorted by (k-gram, doc, anchor),
// and their hashes.
std::vector<HeldRep> held_reps(const std::vector<std::string>& blocks,
                               std::vector<std::uint64_t>& hashes) {
  std::vector<HeldRep> reps;
  for (const std::string& block : blocks) {
    std::string_view in = block;
    while (!in.empty()) {
      const auto header = take_value<RepHeader>(in);
      reps.push_back({header, hashes.size()});
      for (std::uint32_t i = 0; i < header.count; ++i) {
        hashes.push_back(take_value<std::uint64_t>(in));
      }
    }
  }
  std::sort(reps.begin(), reps.end(), [](const HeldRep& a, const HeldRep& b) {
    return std::tie(a.header.kgram, a.header.doc, a.header.anchor) <
           std::tie(b.header.kgram, b.header.doc, b.header.anchor);
  });
  return reps;
}

// The window groups of one k-gram's representatives (`group`, by place): the fact of each
// window among them, group[r]'s in `facts` from `offsets[r]` on. A window is repeated when
// another representative has it or its representative has followers.
void group_windows(std::span<const HeldRep> group, std::span<const std::uint64_t> hashes,
                   std::vector<WindowFact>& facts, std::vector<std::size_t>& offsets,
                   SpanSearchCounts& counts) {
  std::vector<HeldWindow> held;
  offsets.clear();
  for (const HeldRep& r : group) {
    offsets.push_back(held.size());
    for (std::uint32_t i = 0; i < r.header.count; ++i) {
      held.push_back(
          {{hashes[r.first_hash + i], r.header.doc, r.header.first + i}, r.header.places});
    }
  }
  std::sort(held.begin(), held.end(),
            [](const HeldWindow& a, const HeldWindow& b) { return a.print < b.print; });
  std::vector<Fingerprint> prints(held.size());
  for (std::size_t i = 0; i < held.size(); ++i) prints[i] = held[i].print;
  const std::vector<WindowFact> found = window_facts(prints);
  facts.assign(prints.size(), WindowFact{});
  for (std::size_t i = 0; i < prints.size(); ++i) {
    // The representative holding the window: the last one whose windows start at or before it.
    const auto after = std::upper_bound(
        group.begin(), group.end(), prints[i], [](const Fingerprint& p, const HeldRep& r) {
          return std::tie(p.doc, p.token) < std::tie(r.header.doc, r.header.first);
        });
    const auto r = static_cast<std::size_t>(after - group.begin()) - 1;
    facts[offsets[r] + prints[i].token - group[r].header.first] = found[i];
    const bool repeated = found[i].kind != Kind::kUnique || held[i].places > 1;
    counts.repeated += repeated;
    if (repeated && found[i].kind != Kind::kCopy) {  // the first of its group: note its size
      std::uint64_t places = 0;
      for (std::size_t j = i; j < prints.size() && prints[j].hash == prints[i].hash; ++j) {
        places += held[j].places;
      }
      note_group(places, counts.largest);
    }
  }
}

// On the k-grams' owners: the representatives' windows grouped, and the facts of their and
// their followers' windows as runs, sent to the documents' owners and sorted by place there.
std::vector<WindowRun> window_runs(Exchanger& exchanger, const std::vector<std::string>& blocks,
                                   std::span<const Follower> followers, const OwnerFn& owner,
                                   SpanSearchCounts& counts) {
  std::vector<std::uint64_t> hashes;
  std::vector<HeldRep> reps = held_reps(exchanger.exchange_blocks(blocks), hashes);
  std::vector<WindowRun> runs;
  std::vector<WindowFact> facts;
  std::vector<std::size_t> offsets;
  for (std::size_t begin = 0; begin < reps.size();) {
    std::size_t end = begin + 1;
    while (end < reps.size() && reps[end].header.kgram == reps[begin].header.kgram) ++end;
    const std::span<const HeldRep> group = std::span(reps).subspan(begin, end - begin);
    group_windows(group, hashes, facts, offsets, counts);
    for (std::size_t r = 0; r < group.size(); ++r) {
      const RepHeader& h = group[r].header;
      auto first =
          std::lower_bound(followers.begin(), followers.end(), Follower{h.doc, h.anchor, 0, 0});
      auto last = first;
      while (last != followers.end() && last->rep_doc == h.doc && last->rep_token == h.anchor) {
        ++last;
      }
      resolve_followers({h.doc, h.anchor, h.first, std::span(facts).subspan(offsets[r], h.count)},
                        {first, last}, runs);
    }
    begin = end;
  }
  counts.window_runs = runs.size();
  reps = {};
  hashes = {};
  runs = exchanger.shuffle_consuming(std::move(runs),
                                     [&](const WindowRun& w) { return owner(w.doc); });
  std::sort(runs.begin(), runs.end(), run_by_place);
  return runs;
}

}  // namespace

SpanFacts find_span_facts(Exchanger& exchanger, std::span<const DocId> docs,
                          const TokensOf& tokens_of, const SpanSpec& spec, std::uint64_t mask,
                          const OwnerFn& owner, SpanSearchCounts& counts) {
  Winnower winnower(spec, mask);
  AnchorGroups groups = anchor_groups(exchanger, docs, tokens_of, winnower, owner, counts);
  std::vector<std::string> blocks;
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
    blocks = representative_windows(docs, groups.reps, tokens_of, winnower, spec, mask,
                                    exchanger.size(), counts);
  });
  groups.reps = {};
  SpanFacts facts;
  facts.anchors = std::move(groups.whole);
  facts.windows = window_runs(exchanger, blocks, groups.followers, owner, counts);
  return facts;
}

std::vector<WindowFact> document_window_facts(const TokenStream& tokens, const SpanSpec& spec,
                                              std::uint64_t mask,
                                              std::span<const TokenFact> anchors,
                                              std::span<const WindowRun> windows) {
  Winnower winnower(spec, mask);
  if (!winnower.winnow(tokens)) return {};
  const std::vector<std::uint32_t>& anchor_of = winnower.anchor_of_window();
  std::vector<WindowFact> facts(anchor_of.size());
  if (!anchors.empty()) {
    for (std::uint32_t p = 0; p < anchor_of.size(); ++p) {
      const TokenFact* anchor = find_token(anchors, anchor_of[p]);
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
