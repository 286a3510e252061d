// What an index sketches and how it decides a match: the parameters every method shares and
// one typed section per method, recorded in index.meta and handed over by a dedup job.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "core/lsh/lsh_params.hpp"
#include "core/sketch/shingles.hpp"
#include "core/sketch/simhash.hpp"
#include "core/tables/permuted_tables.hpp"
#include "core/text/tokenizer_choice.hpp"
#include "jobs/options/minhash_options.hpp"
#include "jobs/options/verify_mode.hpp"

namespace neardup {

/// A SimHash index's section: the fingerprints' features and Manku et al.'s permuted tables.
struct SimhashIndexPart {
  static constexpr const char* kName = "simhash";
  static constexpr const char* kSketchRule = "hamming";  // index_rule without shingle sets
  SimhashSpec features;
  TableDesign tables;
  bool compress = false;  // tables stored compressed (index build --compress)
};

/// A MinHash index's section: the signatures and their LSH banding.
struct MinhashIndexPart {
  static constexpr const char* kName = "minhash";
  static constexpr const char* kSketchRule = "estimate";  // index_rule without shingle sets
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

  /// "simhash" or "minhash": the section's kName.
  const char* method_name() const;
  /// Makes `method` the default section of the method called `name`; false when none is.
  bool select_method(std::string_view name);
  /// The section of method M, or nullptr for an index of the other method.
  template <class M>
  const M* part() const {
    return std::get_if<M>(&method);
  }
};

/// The sketch of an index that sketches and decides as a run with flags `o` (MinhashOptions,
/// SimhashOptions or IndexBuildOptions: document shingles and tokenizer, --threshold, --verify)
/// does, its section being `method`. The jobs and index build fill it here alike.
template <class O>
IndexSketch index_sketch_like(const O& o, std::variant<SimhashIndexPart, MinhashIndexPart> method) {
  return {o.document.tokenizer, o.document.shingle, o.threshold, o.verify == VerifyMode::kExact,
          std::move(method)};
}

/// The MinHash section of a run or build with flags `o` (the LSH flags, --seed, --sketch) and
/// banding `bands`.
template <class O>
MinhashIndexPart minhash_index_part(const O& o, BandLayout bands) {
  return {o.num_perm, o.seed, o.signature, bands, o.pass_at_threshold};
}

/// Why a sketch read from an index cannot be used (a value out of its range, an unusable table
/// design or banding), or "".
std::string sketch_problem(const IndexSketch& sketch);

/// How an index decides a match: "exact" (stored shingle sets, Jaccard >= threshold),
/// "estimate" (minhash signatures) or "hamming" (simhash within k bits).
const char* index_rule(const IndexSketch& sketch);

}  // namespace neardup
