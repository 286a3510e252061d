// The spans search: anchors shuffled and grouped, then the windows of shared anchors.
#include "jobs/stages/span_facts_stage.hpp"

#include <algorithm>

#include "core/sketch/shingles.hpp"
#include "core/spans/window_groups.hpp"
#include "core/spans/winnowing.hpp"

namespace neardup {
namespace {

// A token of a document: an anchor sent back as shared.
struct TokenRef {
  DocId doc = 0;
  std::uint32_t token = 0;
  auto operator<=>(const TokenRef&) const = default;
};

// A document's k-gram hashes and each window's anchor.
class Winnower {
 public:
  Winnower(const SpanSpec& spec, std::uint64_t mask) : spec_(spec), mask_(mask) {}

  // Tokenizes `doc` and winnows it; false when it is shorter than one window.
  bool winnow(DocId doc, const TokensOf& tokens_of) {
    tokens_of(doc, tokens_);
    if (tokens_.size() < spec_.min_tokens) return false;
    shingle_hashes(tokens_, {ShingleKind::kWord, spec_.fingerprint_tokens(), 1}, kgrams_);
    for (std::uint64_t& h : kgrams_) h &= mask_;
    window_anchors(kgrams_, spec_.winnow_window(), anchor_of_window_);
    return true;
  }

  const TokenStream& tokens() const { return tokens_; }
  const std::vector<std::uint64_t>& kgrams() const { return kgrams_; }
  const std::vector<std::uint32_t>& anchor_of_window() const { return anchor_of_window_; }

 private:
  const SpanSpec& spec_;
  std::uint64_t mask_;
  TokenStream tokens_;
  std::vector<std::uint64_t> kgrams_;
  std::vector<std::uint32_t> anchor_of_window_;
};

int hash_owner(std::uint64_t hash, int ranks) {
  return static_cast<int>((hash >> 40) % static_cast<std::uint64_t>(ranks));
}

// Every anchor of `docs`, shuffled; the shared ones come back to their documents' owners.
std::vector<TokenRef> shared_anchors(Exchanger& exchanger, std::span<const DocId> docs,
                                     const TokensOf& tokens_of, Winnower& winnower,
                                     const OwnerFn& owner, SpanSearchCounts& counts) {
  std::vector<Fingerprint> anchors;
  std::vector<std::uint32_t> distinct;
  for (const DocId doc : docs) {
    if (!winnower.winnow(doc, tokens_of)) continue;
    distinct_anchors(winnower.anchor_of_window(), distinct);
    for (const std::uint32_t a : distinct) anchors.push_back({winnower.kgrams()[a], doc, a});
  }
  counts.anchors = anchors.size();
  const int ranks = exchanger.size();
  anchors = exchanger.shuffle_consuming(
      std::move(anchors), [&](const Fingerprint& f) { return hash_owner(f.hash, ranks); });
  std::sort(anchors.begin(), anchors.end());
  const std::vector<bool> shared = shared_hashes(anchors);
  std::vector<TokenRef> hot;
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    if (shared[i]) hot.push_back({anchors[i].doc, anchors[i].token});
  }
  anchors = {};
  hot =
      exchanger.shuffle_consuming(std::move(hot), [&](const TokenRef& t) { return owner(t.doc); });
  std::sort(hot.begin(), hot.end());
  counts.shared_anchors = hot.size();
  return hot;
}

// The windows of `docs` whose anchor is in `hot`, with their hashes.
std::vector<Fingerprint> windows_of_shared_anchors(std::span<const DocId> docs,
                                                   std::span<const TokenRef> hot,
                                                   const TokensOf& tokens_of, Winnower& winnower,
                                                   const SpanSpec& spec, std::uint64_t mask) {
  std::vector<Fingerprint> windows;
  std::vector<std::uint64_t> window_hashes;
  std::size_t next = 0;
  for (const DocId doc : docs) {
    while (next < hot.size() && hot[next].doc < doc) ++next;
    if (next == hot.size() || hot[next].doc != doc) continue;
    std::size_t end = next;
    while (end < hot.size() && hot[end].doc == doc) ++end;
    winnower.winnow(doc, tokens_of);
    shingle_hashes(winnower.tokens(), {ShingleKind::kWord, spec.min_tokens, 1}, window_hashes);
    const std::vector<std::uint32_t>& anchor_of = winnower.anchor_of_window();
    for (std::uint32_t p = 0; p < anchor_of.size(); ++p) {
      const TokenRef anchor{doc, anchor_of[p]};
      if (std::binary_search(hot.begin() + static_cast<std::ptrdiff_t>(next),
                             hot.begin() + static_cast<std::ptrdiff_t>(end), anchor)) {
        windows.push_back({window_hashes[p] & mask, doc, p});
      }
    }
    next = end;
  }
  return windows;
}

// The sizes of the largest runs of equal hashes in `sorted`, largest first.
std::vector<std::uint64_t> largest_groups(std::span<const Fingerprint> sorted) {
  std::vector<std::uint64_t> sizes;
  for (std::size_t begin = 0; begin < sorted.size();) {
    std::size_t end = begin + 1;
    while (end < sorted.size() && sorted[end].hash == sorted[begin].hash) ++end;
    if (end - begin > 1) sizes.push_back(end - begin);
    begin = end;
  }
  const std::size_t keep = std::min(sizes.size(), kLargestRepeats);
  std::partial_sort(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(keep), sizes.end(),
                    std::greater<>());
  sizes.resize(keep);
  return sizes;
}

}  // namespace

std::vector<DocWindowFact> find_window_facts(Exchanger& exchanger, std::span<const DocId> docs,
                                             const TokensOf& tokens_of, const SpanSpec& spec,
                                             std::uint64_t mask, const OwnerFn& owner,
                                             SpanSearchCounts& counts) {
  Winnower winnower(spec, mask);
  const std::vector<TokenRef> hot =
      shared_anchors(exchanger, docs, tokens_of, winnower, owner, counts);
  std::vector<Fingerprint> windows =
      windows_of_shared_anchors(docs, hot, tokens_of, winnower, spec, mask);
  counts.windows = windows.size();
  const int ranks = exchanger.size();
  windows = exchanger.shuffle_consuming(
      std::move(windows), [&](const Fingerprint& f) { return hash_owner(f.hash, ranks); });
  std::sort(windows.begin(), windows.end());
  counts.largest = largest_groups(windows);
  const std::vector<WindowFact> facts = window_facts(windows);
  std::vector<DocWindowFact> repeated;
  for (std::size_t i = 0; i < windows.size(); ++i) {
    if (facts[i].kind != WindowFact::Kind::kUnique) {
      repeated.push_back({windows[i].doc, windows[i].token, facts[i]});
    }
  }
  counts.repeated = repeated.size();
  windows = {};
  repeated = exchanger.shuffle_consuming(std::move(repeated),
                                         [&](const DocWindowFact& f) { return owner(f.doc); });
  std::sort(repeated.begin(), repeated.end(), [](const DocWindowFact& a, const DocWindowFact& b) {
    return a.doc != b.doc ? a.doc < b.doc : a.token < b.token;
  });
  return repeated;
}

}  // namespace neardup
