// `neardup explain`: why two documents are, or are not, near-duplicates under a minhash run's
// flags: their shingles, exact and estimated Jaccard, colliding bands, SimHash distance; and
// what a run decided for one document, and why.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lsh/lsh_params.hpp"
#include "jobs/options/minhash_options.hpp"
#include "jobs/options/option_json.hpp"

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

/// The job ("minhash", "spans", ...) of the run that wrote `output_dir`, from its stats.json.
/// Throws JobError when there is none.
std::string job_of_run(const std::string& output_dir);

/// Reads the stats.json of the `job` run that wrote `output_dir`, calls `read` with its
/// parameters, and sets options.working_directory to where the run was started (left empty
/// by an older stats.json, which did not record it), so its inputs are read as it read them. Throws
/// JobError when there is none, it is another job's, or a parameter is invalid.
void read_run_parameters(const std::string& output_dir, std::string_view job, JobOptions& options,
                         const std::function<void(OptionJsonReader&)>& read);

/// The inputs and flags of the minhash run that wrote `output_dir`, from its stats.json (inputs
/// as that run named them). Throws JobError when there is none or it is not a minhash run's.
MinhashOptions options_of_run(const std::string& output_dir);

/// A description of the first invalid flag of an explain command, or "" when all are valid.
std::string validate_explain(const MinhashOptions& options);

/// Reads the inputs of `options` (on this process alone) for the documents whose id (id field,
/// or path:line, or a text file's path) is `id_a` and `id_b`, as is or as clusters/ prints it
/// (TSV-escaped: a name holding a tab or newline; a document matching as is wins), and
/// explains them under `options`. Throws JobError naming the id when a document is not found.
PairExplanation explain_pair(const MinhashOptions& options, const std::string& id_a,
                             const std::string& id_b);

/// The explanation as lines of text for a terminal.
std::string explanation_text(const PairExplanation& explanation, const MinhashOptions& options);

/// What a run decided for one document, as its outputs say.
struct RunDecision {
  enum class Outcome {
    kKeptAlone,           // in no cluster: no near-duplicate among its candidates
    kKeptRemovingOthers,  // kept, and named as their kept document by `removed` others
    kRemoved,             // removed by `kept`
    kRemovedByReference,  // removed: the earlier corpus (--reference) holds `kept`
  };
  Outcome outcome = Outcome::kKeptAlone;
  std::string id;             // as the outputs name it: its id field, or its path:line
  std::string location;       // path:line (or the text file's path)
  std::string kept;           // removed: the document kept in its place, as the outputs name it
  std::string similarity;     // removed: theirs, as the run wrote it ("" when it did not check it)
  std::uint64_t removed = 0;  // kept: the documents it removed
  std::uint64_t rows = 0;     // of clusters/ naming `id`: 0 in no cluster, over 1 if ids repeat
};

/// What `neardup explain --run OUT --id X` finds: the run's decision for X and, when X was
/// removed by a document of this corpus, the explanation of that pair.
struct DecisionExplanation {
  RunDecision decision;
  std::optional<PairExplanation> pair;  // (X, the kept document)
};

/// Reads the inputs of `options` (the run's: options_of_run) for the document `id` (id field,
/// or path:line, as is or as clusters/ prints it: see explain_pair), then `output_dir`'s clusters/
/// (rows id, cluster, keep, similarity, ids TSV-escaped) and reference/ (when there) for what the
/// run decided for it, and explains a removed document with the one kept in its place
/// (explain_pair). Throws JobError naming the id when the document is not in the inputs, or the
/// directory when it has no clusters/.
DecisionExplanation explain_decision(const MinhashOptions& options, const std::string& output_dir,
                                     const std::string& id);

/// The decision as lines of text for a terminal; for a removed document, then the explanation
/// of the pair and whether the similarity the run wrote agrees with it (the exact Jaccard, or
/// the estimate under --verify estimate).
std::string decision_text(const DecisionExplanation& explained, const MinhashOptions& options);

}  // namespace neardup
