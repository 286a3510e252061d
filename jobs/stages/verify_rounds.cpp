// Verification rounds: a rank's candidate pairs cut into rounds whose documents' payloads fit a
// byte budget, over documents numbered densely so that per-document state is a flat array.
#include "jobs/stages/verify_rounds.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <utility>

#include "core/graph/union_find.hpp"
#include "core/id_mix.hpp"
#include "core/radix_sort.hpp"

namespace neardup {

DenseDocs::DenseDocs(std::span<const DocPair> pairs) {
  docs_.reserve(2 * pairs.size());
  for (const DocPair& p : pairs) {
    docs_.push_back(p.a);
    docs_.push_back(p.b);
  }
  std::vector<DocId> scratch;
  radix_sort(
      docs_, [](DocId doc) { return doc; }, 64, scratch);
  docs_.erase(std::unique(docs_.begin(), docs_.end()), docs_.end());
  docs_.shrink_to_fit();
  if (docs_.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("more than 2^32 documents in one rank's candidate pairs");
  }
}

bool DenseDocs::find(DocId doc, std::uint32_t& index) const {
  const auto it = std::lower_bound(docs_.begin(), docs_.end(), doc);
  if (it == docs_.end() || *it != doc) return false;
  index = static_cast<std::uint32_t>(it - docs_.begin());
  return true;
}

std::vector<DensePair> DenseDocs::number(std::span<const DocPair> pairs) const {
  const auto index = [&](DocId doc) {
    return static_cast<std::uint32_t>(std::lower_bound(docs_.begin(), docs_.end(), doc) -
                                      docs_.begin());
  };
  std::vector<DensePair> dense;
  dense.reserve(pairs.size());
  for (const DocPair& p : pairs) dense.push_back({index(p.a), index(p.b)});
  return dense;
}

namespace {

// The indices of `pairs` grouped by the component of the graph they make over `docs`
// documents, in input order within each: a stable counting sort by component, in 32-bit
// indices (4 bytes a pair and a document, not 8). Components come in the order of a hash of
// their smallest document, not of the document itself: ids follow their owners, so in id
// order a round's documents would mostly belong to one rank, which would make them all while
// the others wait.
std::vector<std::uint32_t> component_order(std::span<const DensePair> pairs, std::size_t docs) {
  if (pairs.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("more than 2^32 candidate pairs in one rank's verification");
  }
  UnionFind components(docs);
  for (const DensePair& p : pairs) components.unite(p.a, p.b);
  std::vector<std::uint32_t> start(docs, 0);
  for (const DensePair& p : pairs) ++start[components.find(p.a)];
  std::vector<std::uint32_t> roots;
  for (std::uint32_t c = 0; c < docs; ++c) {
    if (start[c] != 0) roots.push_back(c);
  }
  std::sort(roots.begin(), roots.end(),
            [](std::uint32_t x, std::uint32_t y) { return mix_id(x) < mix_id(y); });
  std::uint32_t at = 0;
  for (const std::uint32_t c : roots) at += std::exchange(start[c], at);
  std::vector<std::uint32_t> order(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    order[start[components.find(pairs[i].a)]++] = static_cast<std::uint32_t>(i);
  }
  return order;
}

}  // namespace

RoundPlanner::RoundPlanner(std::span<const DensePair> pairs, std::span<const std::uint64_t> bytes,
                           std::uint64_t round_bytes)
    : pairs_(pairs),
      order_(component_order(pairs, bytes.size())),
      bytes_(bytes),
      round_bytes_(round_bytes),
      round_of_(bytes.size(), 0) {}

std::vector<std::size_t> RoundPlanner::next_round(
    const std::function<bool(const DensePair&)>& skip) {
  ++round_;
  std::vector<std::size_t> round;
  std::uint64_t used = 0;
  for (; next_ < order_.size(); ++next_) {
    const DensePair& p = pairs_[order_[next_]];
    if (skip(p)) continue;
    const std::uint64_t more = (round_of_[p.a] == round_ ? 0 : bytes_[p.a]) +
                               (round_of_[p.b] == round_ || p.b == p.a ? 0 : bytes_[p.b]);
    if (!round.empty() && used + more > round_bytes_) break;
    round.push_back(order_[next_]);
    round_of_[p.a] = round_of_[p.b] = round_;
    used += more;
  }
  return round;
}

}  // namespace neardup
