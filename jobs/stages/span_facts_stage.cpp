// The spans search: anchors with their contexts shuffled and grouped, then the windows of the
// anchors whose occurrences differ around them.
#include "jobs/stages/span_facts_stage.hpp"

#include <algorithm>

#include "core/sketch/shingles.hpp"
#include "core/spans/window_groups.hpp"
#include "core/spans/winnowing.hpp"
#include "jobs/mpi/mpi_check.hpp"

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

// The verdicts on one group of anchors with equal k-gram hashes (sorted by place): decided
// whole when every context is the same and known, else kUnique (their windows go one by one).
void judge_group(std::span<const AnchorPrint> group, std::vector<TokenFact>& out,
                 SpanSearchCounts& counts) {
  const bool whole =
      group[0].context != 0 && std::all_of(group.begin(), group.end(), [&](const AnchorPrint& a) {
        return a.context == group[0].context;
      });
  if (whole) note_group(group.size(), counts.largest);
  for (std::size_t i = 0; i < group.size(); ++i) {
    WindowFact fact;
    if (whole) {
      const AnchorPrint& equal = i == 0 ? group[1] : group[0];
      fact = {i == 0 ? Kind::kFirst : Kind::kCopy, equal.doc, equal.token};
    }
    out.push_back({group[i].doc, group[i].token, fact});
  }
}

// Every anchor of `docs`, shuffled with its context; the verdicts on shared ones come back to
// their documents' owners, sorted by place.
std::vector<TokenFact> anchor_verdicts(Exchanger& exchanger, std::span<const DocId> docs,
                                       const TokensOf& tokens_of, Winnower& winnower,
                                       const OwnerFn& owner, SpanSearchCounts& counts) {
  std::vector<AnchorPrint> anchors;
  run_agreed(exchanger.comm(), [&] {  // reading a document may fail on this rank only
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
  });
  counts.anchors = anchors.size();
  const int ranks = exchanger.size();
  anchors = exchanger.shuffle_consuming(
      std::move(anchors), [&](const AnchorPrint& a) { return fingerprint_owner(a.hash, ranks); });
  std::sort(anchors.begin(), anchors.end(), [](const AnchorPrint& a, const AnchorPrint& b) {
    return a.hash != b.hash ? a.hash < b.hash : a.doc != b.doc ? a.doc < b.doc : a.token < b.token;
  });
  std::vector<TokenFact> verdicts;
  for (std::size_t begin = 0; begin < anchors.size();) {
    std::size_t end = begin + 1;
    while (end < anchors.size() && anchors[end].hash == anchors[begin].hash) ++end;
    if (end - begin > 1) {
      judge_group(std::span(anchors).subspan(begin, end - begin), verdicts, counts);
    }
    begin = end;
  }
  anchors = {};
  verdicts = exchanger.shuffle_consuming(std::move(verdicts),
                                         [&](const TokenFact& f) { return owner(f.doc); });
  std::sort(verdicts.begin(), verdicts.end(), by_place);
  counts.shared_anchors = verdicts.size();
  return verdicts;
}

// The facts of `doc`'s part of `list` (sorted by place).
std::span<const TokenFact> part_of(std::span<const TokenFact> list, DocId doc) {
  const auto first = std::lower_bound(list.begin(), list.end(), doc,
                                      [](const TokenFact& f, DocId d) { return f.doc < d; });
  auto last = first;
  while (last != list.end() && last->doc == doc) ++last;
  return {first, last};
}

// Whether `part` (one document's, sorted) holds `token`; its fact in `found`.
const TokenFact* find_token(std::span<const TokenFact> part, std::uint32_t token) {
  const auto it = std::lower_bound(part.begin(), part.end(), token,
                                   [](const TokenFact& f, std::uint32_t t) { return f.token < t; });
  return it != part.end() && it->token == token ? &*it : nullptr;
}

// The windows of `docs` whose anchor is shared but not decided whole, with their hashes.
std::vector<Fingerprint> windows_one_by_one(std::span<const DocId> docs,
                                            std::span<const TokenFact> mixed,
                                            const TokensOf& tokens_of, Winnower& winnower,
                                            const SpanSpec& spec, std::uint64_t mask) {
  std::vector<Fingerprint> windows;
  std::vector<std::uint64_t> window_hashes;
  TokenStream tokens;
  for (const DocId doc : docs) {
    const std::span<const TokenFact> part = part_of(mixed, doc);
    if (part.empty()) continue;
    tokens_of(doc, tokens);
    winnower.winnow(tokens);
    shingle_hashes(tokens, {ShingleKind::kWord, spec.min_tokens, 1}, window_hashes);
    const std::vector<std::uint32_t>& anchor_of = winnower.anchor_of_window();
    for (std::uint32_t p = 0; p < anchor_of.size(); ++p) {
      if (find_token(part, anchor_of[p]) != nullptr) {
        windows.push_back({window_hashes[p] & mask, doc, p});
      }
    }
  }
  return windows;
}

// Groups the windows sent one by one on the ranks owning their hashes; the repeated ones'
// facts come back, sorted by place.
std::vector<TokenFact> window_verdicts(Exchanger& exchanger, std::vector<Fingerprint> windows,
                                       const OwnerFn& owner, SpanSearchCounts& counts) {
  counts.windows = windows.size();
  const int ranks = exchanger.size();
  windows = exchanger.shuffle_consuming(
      std::move(windows), [&](const Fingerprint& f) { return fingerprint_owner(f.hash, ranks); });
  std::sort(windows.begin(), windows.end());
  const std::vector<WindowFact> facts = window_facts(windows);
  std::vector<TokenFact> repeated;
  for (std::size_t i = 0; i < windows.size(); ++i) {
    if (facts[i].kind == Kind::kUnique) continue;
    repeated.push_back({windows[i].doc, windows[i].token, facts[i]});
    if (facts[i].kind == Kind::kFirst) {
      std::size_t size = 1;
      while (i + size < windows.size() && windows[i + size].hash == windows[i].hash) ++size;
      note_group(size, counts.largest);
    }
  }
  counts.repeated = repeated.size();
  windows = {};
  repeated = exchanger.shuffle_consuming(std::move(repeated),
                                         [&](const TokenFact& f) { return owner(f.doc); });
  std::sort(repeated.begin(), repeated.end(), by_place);
  return repeated;
}

}  // namespace

SpanFacts find_span_facts(Exchanger& exchanger, std::span<const DocId> docs,
                          const TokensOf& tokens_of, const SpanSpec& spec, std::uint64_t mask,
                          const OwnerFn& owner, SpanSearchCounts& counts) {
  Winnower winnower(spec, mask);
  std::vector<TokenFact> verdicts =
      anchor_verdicts(exchanger, docs, tokens_of, winnower, owner, counts);
  SpanFacts facts;
  std::vector<TokenFact> mixed;
  for (const TokenFact& v : verdicts) {
    (v.fact.kind == Kind::kUnique ? mixed : facts.anchors).push_back(v);
  }
  verdicts = {};
  counts.whole_anchors = facts.anchors.size();
  std::vector<Fingerprint> windows;
  run_agreed(exchanger.comm(),
             [&] { windows = windows_one_by_one(docs, mixed, tokens_of, winnower, spec, mask); });
  facts.windows = window_verdicts(exchanger, std::move(windows), owner, counts);
  return facts;
}

std::vector<WindowFact> document_window_facts(const TokenStream& tokens, const SpanSpec& spec,
                                              std::uint64_t mask,
                                              std::span<const TokenFact> anchors,
                                              std::span<const TokenFact> windows) {
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
  for (const TokenFact& w : windows) {
    if (w.token < facts.size()) facts[w.token] = w.fact;
  }
  return facts;
}

}  // namespace neardup
