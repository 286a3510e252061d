// The oracle of greedy clustering: a single-process walk in keep order over an exact graph of
// near-duplicate pairs, written plainly for tests.
#include "tests/support/greedy_oracle.hpp"

#include <stdexcept>

namespace neardup::testing {

std::vector<OracleDecision> greedy_oracle(std::size_t n, std::span<const TruePair> pairs,
                                          std::span<const std::size_t> order) {
  if (order.size() != n) throw std::invalid_argument("greedy_oracle: order is not of n documents");
  std::vector<std::vector<const TruePair*>> touching(n);
  for (const TruePair& p : pairs) {
    touching[p.a].push_back(&p);
    touching[p.b].push_back(&p);
  }
  std::vector<char> decided(n, 0);
  std::vector<OracleDecision> decisions(n);
  for (const std::size_t v : order) {
    if (decided[v]) continue;
    decided[v] = 1;
    decisions[v] = {v, 1.0};
    for (const TruePair* p : touching[v]) {
      const std::size_t u = p->a == v ? p->b : p->a;
      if (decided[u]) continue;
      decided[u] = 1;
      decisions[u] = {v, p->jaccard};
    }
  }
  return decisions;
}

}  // namespace neardup::testing
