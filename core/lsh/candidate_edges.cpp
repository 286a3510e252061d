// Candidate generation: documents sharing a band key become candidate pairs, capped per bucket.
#include "core/lsh/candidate_edges.hpp"

#include <algorithm>

#include "core/radix_sort.hpp"

namespace neardup {

void sort_band_tuples(std::vector<BandTuple>& tuples) {
  radix_sort_in_place(
      tuples, [](const BandTuple& t) { return t.key; }, 64);
  for (std::size_t i = 0; i < tuples.size();) {
    std::size_t j = i + 1;
    while (j < tuples.size() && tuples[j].key == tuples[i].key) ++j;
    if (j - i > 1) {
      std::sort(tuples.begin() + static_cast<std::ptrdiff_t>(i),
                tuples.begin() + static_cast<std::ptrdiff_t>(j));
    }
    i = j;
  }
}

void sort_doc_pairs(std::vector<DocPair>& pairs) {
  std::vector<DocPair> scratch;
  sort_doc_pairs(pairs, scratch);
}

void sort_doc_pairs(std::vector<DocPair>& pairs, std::vector<DocPair>& scratch) {
  radix_sort(
      pairs, [](const DocPair& p) { return p.b; }, 64, scratch);
  radix_sort(
      pairs, [](const DocPair& p) { return p.a; }, 64, scratch);
}

void merge_distinct_pairs(std::vector<DocPair>& distinct, std::span<const DocPair> fresh) {
  std::size_t kept = distinct.size();
  distinct.resize(kept + fresh.size());
  // From the back: the write position never passes the unread part of `distinct`.
  std::size_t out = distinct.size(), next = fresh.size();
  while (next > 0) {
    if (kept > 0 && fresh[next - 1] < distinct[kept - 1]) {
      distinct[--out] = distinct[--kept];
    } else {
      distinct[--out] = fresh[--next];
    }
  }
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
}

std::size_t emit_candidate_pairs(std::span<const BandTuple> sorted, std::size_t max_all_pairs,
                                 std::vector<DocPair>& out, std::vector<BandTuple>* capped) {
  std::size_t over_cap = 0;
  std::vector<DocId> bucket;
  std::size_t i = 0;
  while (i < sorted.size()) {
    std::size_t j = i;
    bucket.clear();
    while (j < sorted.size() && sorted[j].key == sorted[i].key) {
      if (bucket.empty() || bucket.back() != sorted[j].doc) bucket.push_back(sorted[j].doc);
      ++j;
    }
    const std::size_t m = bucket.size();
    if (m <= max_all_pairs) {
      for (std::size_t x = 0; x < m; ++x) {
        for (std::size_t y = x + 1; y < m; ++y) out.push_back({bucket[x], bucket[y]});
      }
    } else {
      ++over_cap;
      if (capped) {
        for (const DocId doc : bucket) capped->push_back({sorted[i].key, doc});
      }
      for (std::size_t y = 1; y < m; ++y) {
        out.push_back({bucket[0], bucket[y]});
        if (y >= 2) out.push_back({bucket[y - 1], bucket[y]});
      }
    }
    i = j;
  }
  return over_cap;
}

}  // namespace neardup
