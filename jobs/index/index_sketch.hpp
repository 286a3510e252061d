// What an index sketches and how it decides a match: the parameters every method shares and
// one typed section per method, recorded in index.meta and handed over by a dedup job.
#pragma once

#include <cstdint>
#include <variant>

#include "core/lsh/lsh_params.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "core/tables/permuted_tables.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "jobs/options/minhash_options.hpp"

namespace neardup {

/// A SimHash index's section: the fingerprints' features and Manku et al.'s permuted tables.
struct SimhashIndexPart {
  SimhashSpec features;
  TableDesign tables;
  bool compress = false;  // tables stored compressed (index build --compress)
};

/// A MinHash index's section: the signatures and their LSH banding.
struct MinhashIndexPart {
  unsigned num_perm = 128;
  std::uint64_t seed = 1;
  SignatureKind signature = kDefaultSignature;
  BandLayout bands;
  double pass_at_threshold = kDefaultPassAtThreshold;  // the estimate rule's cut
};

/// Everything that makes an index's sketches and matches what they are.
struct IndexSketch {
  TokenizerKind tokenizer = TokenizerKind::kUnicode;
  /// The shingles MinHash sketches, and those of the stored sets (store_shingles).
  ShingleSpec shingles;
  double threshold = 0.8;  // Jaccard of a match (exact rule; minhash's estimate)
  /// Whether every document's shingle set is stored, so matches are decided by exact Jaccard
  /// >= threshold rather than by the sketches alone.
  bool store_shingles = true;
  std::variant<SimhashIndexPart, MinhashIndexPart> method;

  /// "simhash" or "minhash".
  const char* method_name() const;
  /// The section of method M, or nullptr for an index of the other method.
  template <class M>
  const M* part() const {
    return std::get_if<M>(&method);
  }
};

/// How an index decides a match: "exact" (stored shingle sets, Jaccard >= threshold),
/// "estimate" (minhash signatures) or "hamming" (simhash within k bits).
const char* index_rule(const IndexSketch& sketch);

}  // namespace neardup
