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

}  // namespace neardup
