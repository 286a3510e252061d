// Cuts from window facts: coverage by difference arrays, equal runs by chains of windows that
// point at one offset of one document.
#include "core/spans/repeat_cuts.hpp"

#include <algorithm>

namespace neardup {
namespace {

using Kind = WindowFact::Kind;

// For each token, whether a window of kind `kind` (or, with `any_repeat`, of any kind but
// kUnique) holds it.
std::vector<bool> held_by(std::span<const WindowFact> facts, std::uint32_t tokens, unsigned width,
                          Kind kind, bool any_repeat) {
  std::vector<int> starts(tokens + 1, 0);
  for (std::size_t p = 0; p < facts.size(); ++p) {
    const bool counts = any_repeat ? facts[p].kind != Kind::kUnique : facts[p].kind == kind;
    if (!counts) continue;
    ++starts[p];
    --starts[p + width];
  }
  std::vector<bool> held(tokens);
  int open = 0;
  for (std::uint32_t t = 0; t < tokens; ++t) {
    open += starts[t];
    held[t] = open > 0;
  }
  return held;
}

// Appends the maximal runs of tokens in [begin, end) that `cut` marks, each equal to the run
// at equal_begin + (its begin - begin).
void append_runs(const std::vector<bool>& cut, TokenCut run, std::vector<TokenCut>& out) {
  const std::uint32_t end = run.end;
  for (std::uint32_t t = run.begin; t < end;) {
    if (!cut[t]) {
      ++t;
      continue;
    }
    TokenCut piece = run;
    piece.begin = t;
    while (t < end && cut[t]) ++t;
    piece.end = t;
    piece.equal_begin = run.equal_begin + (piece.begin - run.begin);
    out.push_back(piece);
  }
}

// The document and the offset from a window's tokens to its equal window's.
struct Chain {
  DocId doc = 0;
  std::int64_t shift = 0;
  bool operator==(const Chain&) const = default;
};

// The runs of consecutive windows of the kinds `chained` says that point at one run of one
// document, each cut where `cut` marks its tokens.
template <class Chained>
std::vector<TokenCut> chain_runs(std::span<const WindowFact> facts, unsigned width,
                                 const std::vector<bool>& cut, bool kept, Chained chained) {
  std::vector<TokenCut> out;
  TokenCut run;
  Chain chain;
  bool open = false;
  for (std::uint32_t p = 0; p < facts.size(); ++p) {
    if (!chained(facts[p].kind)) continue;
    const Chain here{facts[p].equal_doc, std::int64_t{facts[p].equal_token} - p};
    if (open && p + width <= run.end) continue;  // holds nothing the open run does not
    if (open && here == chain && p <= run.end) {
      run.end = p + width;
      run.proof_end = run.end;
      continue;
    }
    if (open) append_runs(cut, run, out);
    const std::uint32_t begin = open ? std::max(p, run.end) : p;
    run = TokenCut{begin,
                   p + width,
                   kept,
                   here.doc,
                   static_cast<std::uint32_t>(std::int64_t{begin} + here.shift),
                   p,
                   p + width};
    chain = here;
    open = true;
  }
  if (open) append_runs(cut, run, out);
  return out;
}

}  // namespace

std::vector<TokenCut> cut_repeats(std::span<const WindowFact> facts, std::uint32_t tokens,
                                  const SpanSpec& spec) {
  if (facts.empty()) return {};
  const unsigned width = spec.min_tokens;
  if (spec.keep == KeepOccurrence::kNone) {
    const std::vector<bool> cut = held_by(facts, tokens, width, Kind::kUnique, true);
    return chain_runs(facts, width, cut, false, [](Kind kind) { return kind != Kind::kUnique; });
  }
  const std::vector<bool> first = held_by(facts, tokens, width, Kind::kFirst, false);
  std::vector<bool> cut = held_by(facts, tokens, width, Kind::kCopy, false);
  for (std::uint32_t t = 0; t < tokens; ++t) cut[t] = cut[t] && !first[t];
  return chain_runs(facts, width, cut, true, [](Kind kind) { return kind == Kind::kCopy; });
}

}  // namespace neardup
