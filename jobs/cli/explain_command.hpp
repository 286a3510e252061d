// `neardup explain`: why two documents are, or are not, near-duplicates under a minhash run's
// flags: their shingles, exact and estimated Jaccard, colliding bands, SimHash distance.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/lsh_params.hpp"
#include "jobs/options/minhash_options.hpp"

namespace neardup {

/// One of the two documents.
struct ExplainedDoc {
  std::string id;        // as asked for
  std::string location;  // path:line (or the text file's path)
  std::uint64_t tokens = 0;
  std::uint64_t shingles = 0;             // distinct
  std::vector<std::string> first_tokens;  // the first kExplainedTokens canonical tokens
};

/// How many of each document's first tokens explain shows.
inline constexpr std::size_t kExplainedTokens = 16;

/// What `neardup explain` finds about two documents.
struct PairExplanation {
  ExplainedDoc a, b;
  double exact_jaccard = 0;  // of the shingle sets
  unsigned agreeing = 0;     // equal signature entries, of num_perm
  unsigned num_perm = 0;
  BandLayout layout{};                    // the run's bands x rows
  std::vector<unsigned> colliding_bands;  // 0-based
  unsigned min_agree = 0;                 // entries an estimate-verified pair needs
  unsigned simhash_distance = 0;          // Hamming distance of the default SimHash fingerprints
  bool candidate = false;                 // some band collides
  bool duplicate = false;                 // candidate and verified under the flags
};

/// The inputs and flags of the minhash run that wrote `output_dir`, from its stats.json (inputs
/// as that run named them). Throws JobError when there is none or it is not a minhash run's.
MinhashOptions options_of_run(const std::string& output_dir);

/// A description of the first invalid flag of an explain command, or "" when all are valid.
std::string validate_explain(const MinhashOptions& options);

/// Reads the inputs of `options` (on this process alone) for the documents whose id (id field,
/// or path:line) is `id_a` and `id_b` and explains them under `options`. Throws JobError naming
/// the id when a document is not found.
PairExplanation explain_pair(const MinhashOptions& options, const std::string& id_a,
                             const std::string& id_b);

/// The explanation as lines of text for a terminal.
std::string explanation_text(const PairExplanation& explanation, const MinhashOptions& options);

}  // namespace neardup
