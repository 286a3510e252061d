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

/// Sorts band tuples by (key, doc): a radix sort by key that needs scratch for only 1/256 of
/// the tuples (keys are hashes), then each run of equal keys by doc (runs are short), in the
/// order of std::sort with operator<.
void sort_band_tuples(std::vector<BandTuple>& tuples);

/// Sorts pairs by (a, b), in the order of std::sort with operator<: two stable radix sorts
/// (by b, then by a), each skipping the digits every id shares (ids use few of their bits).
void sort_doc_pairs(std::vector<DocPair>& pairs);

/// As above, with the radix sort's buffer kept in `scratch` for the next call.
void sort_doc_pairs(std::vector<DocPair>& pairs, std::vector<DocPair>& scratch);

/// Merges `fresh` into `distinct`, both sorted and without repeats, so `distinct` holds their
/// union, sorted and without repeats. Merges from the back into `distinct`'s own storage: no
/// second buffer the size of the union.
void merge_distinct_pairs(std::vector<DocPair>& distinct, std::span<const DocPair> fresh);

/// Emits candidate pairs for every run of equal keys in `sorted` (sorted by key, then doc).
/// A bucket of m <= max_all_pairs distinct documents gives all m(m-1)/2 pairs. A larger
/// bucket gives 2m-3 edges, a star from its first document plus the chain of consecutive
/// documents, which connect the whole bucket without quadratic blow-up (transitive clustering
/// then joins whatever verification keeps), and, with `capped`, its distinct tuples there: the
/// bucket as a group whose every two members are candidates, for greedy clustering. Returns
/// the number of buckets over the cap.
std::size_t emit_candidate_pairs(std::span<const BandTuple> sorted, std::size_t max_all_pairs,
                                 std::vector<DocPair>& out,
                                 std::vector<BandTuple>* capped = nullptr);

}  // namespace neardup
