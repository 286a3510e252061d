// The spans oracle: a map from each window's tokens to its occurrences in input order.
#include "tests/support/span_oracle.hpp"

#include <map>
#include <utility>

namespace neardup::testing {

std::vector<std::vector<WindowFact>> exact_window_facts(const std::vector<TokenList>& docs,
                                                        unsigned min_tokens) {
  // Keyed by the window's tokens, each followed by a byte no token holds.
  std::map<std::string, std::vector<std::pair<std::size_t, std::uint32_t>>> where;
  std::vector<std::vector<WindowFact>> facts(docs.size());
  for (std::size_t d = 0; d < docs.size(); ++d) {
    if (docs[d].size() < min_tokens) continue;
    facts[d].resize(docs[d].size() - min_tokens + 1);
    for (std::uint32_t p = 0; p < facts[d].size(); ++p) {
      std::string window;
      for (std::uint32_t t = p; t < p + min_tokens; ++t) window.append(docs[d][t]).push_back('\0');
      where[window].emplace_back(d, p);
    }
  }
  for (const auto& [window, places] : where) {
    if (places.size() < 2) continue;
    const auto [first_doc, first_token] = places.front();
    facts[first_doc][first_token] = {WindowFact::Kind::kFirst, places[1].first, places[1].second};
    for (std::size_t i = 1; i < places.size(); ++i) {
      facts[places[i].first][places[i].second] = {WindowFact::Kind::kCopy, first_doc, first_token};
    }
  }
  return facts;
}

std::vector<std::vector<bool>> tokens_cut_by_definition(
    const std::vector<std::vector<WindowFact>>& facts, const std::vector<TokenList>& docs,
    const SpanSpec& spec) {
  std::vector<std::vector<bool>> cut(docs.size());
  for (std::size_t d = 0; d < docs.size(); ++d) {
    cut[d].assign(docs[d].size(), false);
    std::vector<bool> first(docs[d].size(), false);
    for (std::size_t p = 0; p < facts[d].size(); ++p) {
      const WindowFact::Kind kind = facts[d][p].kind;
      for (std::size_t t = p; t < p + spec.min_tokens; ++t) {
        if (spec.keep == KeepOccurrence::kNone) {
          cut[d][t] = cut[d][t] || kind != WindowFact::Kind::kUnique;
        } else {
          cut[d][t] = cut[d][t] || kind == WindowFact::Kind::kCopy;
          first[t] = first[t] || kind == WindowFact::Kind::kFirst;
        }
      }
    }
    for (std::size_t t = 0; t < docs[d].size(); ++t) cut[d][t] = cut[d][t] && !first[t];
  }
  return cut;
}

std::vector<std::vector<bool>> tokens_cut(const std::vector<TokenList>& docs,
                                          const std::vector<std::vector<TokenCut>>& cuts) {
  std::vector<std::vector<bool>> cut(docs.size());
  for (std::size_t d = 0; d < docs.size(); ++d) {
    cut[d].assign(docs[d].size(), false);
    for (const TokenCut& c : cuts[d]) {
      for (std::uint32_t t = c.begin; t < c.end && t < docs[d].size(); ++t) cut[d][t] = true;
    }
  }
  return cut;
}

namespace {

std::string check_one(const std::vector<TokenList>& docs, const std::vector<std::vector<bool>>& cut,
                      std::size_t d, const TokenCut& c, std::uint32_t previous_end,
                      const SpanSpec& spec) {
  const std::string where = "doc " + std::to_string(d) + " cut [" + std::to_string(c.begin) + ", " +
                            std::to_string(c.end) + "): ";
  if (c.begin >= c.end || c.end > docs[d].size()) return where + "empty or outside the doc";
  if (c.begin < previous_end) return where + "overlaps or out of order";
  const bool keeps = spec.keep == KeepOccurrence::kFirst;
  if (c.kept != keeps) return where + (keeps ? "names no kept run" : "names a kept run");
  if (c.equal_doc >= docs.size()) return where + "equal run outside the corpus";
  const TokenList& equal = docs[c.equal_doc];
  if (c.equal_begin + (c.end - c.begin) > equal.size()) return where + "equal run outside its doc";
  if (c.equal_doc == d && c.equal_begin == c.begin) return where + "equal to itself";
  for (std::uint32_t i = 0; i < c.end - c.begin; ++i) {
    if (docs[d][c.begin + i] != equal[c.equal_begin + i]) return where + "differs from equal run";
    if (keeps && cut[c.equal_doc][c.equal_begin + i]) return where + "kept run is cut";
  }
  if (c.proof_begin > c.begin || c.proof_end < c.end || c.proof_end > docs[d].size() ||
      c.proof_end - c.proof_begin < spec.min_tokens || c.equal_begin < c.begin - c.proof_begin) {
    return where + "proof does not hold the cut or is shorter than min_tokens";
  }
  for (std::uint32_t i = 0; i < c.proof_end - c.proof_begin; ++i) {
    const std::uint32_t e = c.equal_proof_begin() + i;
    if (e >= equal.size() || docs[d][c.proof_begin + i] != equal[e]) {
      return where + "proof differs from the equal run";
    }
  }
  return "";
}

}  // namespace

std::string check_cuts(const std::vector<TokenList>& docs,
                       const std::vector<std::vector<TokenCut>>& cuts, const SpanSpec& spec) {
  const std::vector<std::vector<bool>> cut = tokens_cut(docs, cuts);
  for (std::size_t d = 0; d < docs.size(); ++d) {
    std::uint32_t previous_end = 0;
    for (const TokenCut& c : cuts[d]) {
      std::string problem = check_one(docs, cut, d, c, previous_end, spec);
      if (!problem.empty()) return problem;
      previous_end = c.end;
    }
  }
  return "";
}

}  // namespace neardup::testing
