// What an index sketches and how it decides a match: the parameters every method shares and
// one typed section per method, recorded in index.meta and handed over by a dedup job.
#include "jobs/index/index_sketch.hpp"

namespace neardup {

const char* IndexSketch::method_name() const {
  return part<SimhashIndexPart>() != nullptr ? "simhash" : "minhash";
}

const char* index_rule(const IndexSketch& sketch) {
  if (sketch.store_shingles) return "exact";
  return sketch.part<SimhashIndexPart>() != nullptr ? "hamming" : "estimate";
}

}  // namespace neardup
