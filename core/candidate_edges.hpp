// Candidate generation: documents sharing a band key become candidate pairs, capped per bucket.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/doc_id.hpp"

namespace neardup {

/// One band of one document: its 64-bit band key and the document.
struct BandTuple {
  std::uint64_t key;
  DocId doc;
  friend bool operator<(const BandTuple& x, const BandTuple& y) {
    return x.key != y.key ? x.key < y.key : x.doc < y.doc;
  }
  friend bool operator==(const BandTuple&, const BandTuple&) = default;
};

/// An undirected pair of documents, stored with a < b.
struct DocPair {
  DocId a;
  DocId b;
  friend bool operator<(const DocPair& x, const DocPair& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  }
  friend bool operator==(const DocPair&, const DocPair&) = default;
};

/// Sorts band tuples by (key, doc): a radix sort by key, then each run of equal keys by doc
/// (runs are short), in the order of std::sort with operator<.
void sort_band_tuples(std::vector<BandTuple>& tuples);

/// Sorts pairs by (a, b), in the order of std::sort with operator<: two stable radix sorts
/// (by b, then by a), each skipping the digits every id shares (ids use few of their bits).
void sort_doc_pairs(std::vector<DocPair>& pairs);

/// Emits candidate pairs for every run of equal keys in `sorted` (sorted by key, then doc).
/// A bucket of m <= max_all_pairs distinct documents gives all m(m-1)/2 pairs. A larger
/// bucket gives 2m-3 edges, a star from its first document plus the chain of consecutive
/// documents, which connect the whole bucket without quadratic blow-up; the components stage
/// then joins whatever verification keeps. Returns the number of buckets over the cap.
std::size_t emit_candidate_pairs(std::span<const BandTuple> sorted, std::size_t max_all_pairs,
                                 std::vector<DocPair>& out);

}  // namespace neardup
