// A pair of documents found to be duplicates, with their similarity: what every method's pair
// search returns and the components, outputs and report read.
#pragma once

#include "core/doc_id.hpp"

namespace neardup {

/// A pair that passed verification (a < b), with its similarity.
struct VerifiedPair {
  DocId a = 0;
  DocId b = 0;
  double similarity = 0;
};

/// Orders verified pairs by (a, b): how a rank keeps its own.
inline bool by_documents(const VerifiedPair& x, const VerifiedPair& y) {
  return x.a != y.a ? x.a < y.a : x.b < y.b;
}

}  // namespace neardup
